// Chunk claims of step-worker jobs (job-control.ts): the main thread takes a job's chunks from the first one up, the
// workers from the last one down, each chunk by one thread, and a thread that comes late for a finished job takes
// nothing of a later one. Driven here on one thread, claim by claim; that jobs run on real workers give the same
// bits as one thread is the step-workers test's.
import { describe, expect, it } from 'vitest';
import { chunkDoneWords, claimBase, claimChunk, openClaims } from '../src/workers/job-control.js';

/** A chunkDone array with room for `chunks` chunks: finished jobs, then claim words. */
function chunkDone(chunks: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * chunkDoneWords(chunks)));
}

describe('chunk claims', () => {
  it('give each chunk of a job to one claimer', () => {
    const done = chunkDone(8);
    openClaims(done, 7, 6);
    expect(claimChunk(done, 0, 7)).toBe(true);
    expect(claimChunk(done, 0, 7)).toBe(false);
    expect(claimChunk(done, 5, 7)).toBe(true);
    expect(claimChunk(done, 5, 7)).toBe(false);
    for (let k = 1; k < 5; k++) expect(claimChunk(done, k, 7)).toBe(true);
    for (let k = 0; k < 6; k++) expect(claimChunk(done, k, 7)).toBe(false);
  });

  it('give a late claimer nothing of a later job, nor of its own once every chunk was taken', () => {
    const done = chunkDone(8);
    openClaims(done, 41, 4);
    for (let k = 0; k < 4; k++) expect(claimChunk(done, k, 41)).toBe(true);
    // Job 42 is published with more chunks: a thread still on job 41 claims none of them.
    openClaims(done, 42, 6);
    for (let k = 0; k < 8; k++) expect(claimChunk(done, k, 41)).toBe(false);
    for (let k = 0; k < 6; k++) expect(claimChunk(done, k, 42)).toBe(true);
    // Words past a job's chunks were never opened for it.
    expect(claimChunk(done, 6, 42)).toBe(false);
  });

  it('are opened with a word that is never the job number, for every job number', () => {
    for (const gen of [0, 1, -1, 0x7fffffff, -0x80000000, 123456789]) {
      const done = chunkDone(2);
      openClaims(done, gen, 2);
      expect(done[claimBase(done.length)]).not.toBe(gen);
      expect(claimChunk(done, 1, gen)).toBe(true);
      expect(claimChunk(done, 1, gen)).toBe(false);
    }
  });

  it('leave the finished-job words alone: they are the lower half', () => {
    const done = chunkDone(4);
    done.fill(-5, 0, 4);
    openClaims(done, 9, 4);
    expect(Array.from(done.subarray(0, 4))).toEqual([-5, -5, -5, -5]);
    expect(claimBase(done.length)).toBe(4);
  });
});
