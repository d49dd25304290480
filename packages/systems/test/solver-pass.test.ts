// The solver's pass enum, its handler table and the control block a solver job travels in to the step workers.
import { describe, expect, it } from 'vitest';
import { PASS_HANDLERS } from '../src/solve-range.js';
import { NO_COLOUR, SOLVER_PASS_COUNT, SolverPass } from '../src/solver-pass.js';
import {
  CHUNKS,
  COLOUR,
  CONTROL_LENGTH,
  END,
  FIRST,
  KIND,
  PAIR_MASK,
  PARAMS,
  PARAM_SLOT,
  PASS,
  REVERSE,
  ROWS,
  SLEEPERS,
} from '../src/workers/job-control.js';

describe('solver passes', () => {
  it('are numbered 0 to SOLVER_PASS_COUNT − 1, each number once', () => {
    const ids = Object.values(SolverPass).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: SOLVER_PASS_COUNT }, (_, i) => i));
    expect(NO_COLOUR).toBeLessThan(0);
  });

  it('each have a handler, and the table has no entry beyond them', () => {
    expect(PASS_HANDLERS).toHaveLength(SOLVER_PASS_COUNT);
    for (const [name, id] of Object.entries(SolverPass)) {
      expect(typeof PASS_HANDLERS[id], `pass ${name}`).toBe('function');
    }
    // No two passes share a routine: a copy-pasted table entry would run the wrong pass with the same bits nowhere.
    expect(new Set(PASS_HANDLERS).size).toBe(SOLVER_PASS_COUNT);
  });

  it("travel to the workers as separate fields of a job's parameter slot, never packed into one", () => {
    const fields = [KIND, CHUNKS, ROWS, PAIR_MASK, PASS, COLOUR, REVERSE, FIRST, END];
    expect(new Set(fields).size).toBe(fields.length);
    for (const f of fields) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(PARAM_SLOT);
    }
    // Two slots (by the job counter's parity) after the shared counters, inside the block.
    expect(PARAMS).toBeGreaterThan(SLEEPERS);
    expect(CONTROL_LENGTH).toBe(PARAMS + 2 * PARAM_SLOT);
  });
});
