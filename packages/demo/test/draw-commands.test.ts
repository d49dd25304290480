// The testbed's draw command buffer: what the worker records from debugDraw, the page replays call for call.
import { describe, expect, it } from 'vitest';
import {
  DebugDrawFlag,
  addShape,
  createBody,
  createDistanceJoint,
  createPhysicsWorld,
  debugDraw,
  makeBox,
  makeCapsule,
  makeCircle,
  makeSegment,
  type DebugDrawer,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { DrawCommandRecorder, replayDrawCommands } from '../src/web/draw-commands.js';

class Log implements DebugDrawer {
  readonly calls: string[] = [];
  drawPolygon(v: Float64Array, n: number, r: number, color: number): void {
    this.calls.push(`polygon ${[...v.subarray(0, 2 * n)].join(' ')} ${r} ${color}`);
  }
  drawCircle(...a: number[]): void {
    this.calls.push(`circle ${a.join(' ')}`);
  }
  drawCapsule(...a: number[]): void {
    this.calls.push(`capsule ${a.join(' ')}`);
  }
  drawSegment(...a: number[]): void {
    this.calls.push(`segment ${a.join(' ')}`);
  }
  drawPoint(...a: number[]): void {
    this.calls.push(`point ${a.join(' ')}`);
  }
  drawTransform(...a: number[]): void {
    this.calls.push(`transform ${a.join(' ')}`);
  }
  drawAABB(...a: number[]): void {
    this.calls.push(`aabb ${a.join(' ')}`);
  }
}

describe('draw command buffer', () => {
  it('replays every debugDraw call of a stepped world exactly, through buffer growth', () => {
    const w = createPhysicsWorld();
    const ground = createBody(w, { type: 'static' });
    addShape(w, ground, makeSegment({ x: -20, y: 0 }, { x: 20, y: 0 }));
    let prev: BodyId | -1 = -1;
    for (let i = 0; i < 60; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: (i % 10) - 5, y: 1 + Math.floor(i / 10) * 1.2 } });
      addShape(
        w,
        b,
        i % 3 === 0
          ? makeCircle(0.4)
          : i % 3 === 1
            ? makeBox(0.4, 0.4)
            : makeCapsule({ x: -0.3, y: 0 }, { x: 0.3, y: 0 }, 0.2),
      );
      if (prev !== -1 && i % 10 !== 0) createDistanceJoint(w, { bodyA: prev, bodyB: b });
      prev = b;
    }
    for (let i = 0; i < 30; i++) stepPhysics(w, 1 / 60);
    const flags = 63; // everything
    const direct = new Log();
    debugDraw(w, direct, { flags });
    const rec = new DrawCommandRecorder();
    debugDraw(w, rec, { flags });
    expect(rec.buf.length).toBeGreaterThan(1024); // it grew
    const replayed = new Log();
    replayDrawCommands(rec.buf, 0, rec.length, replayed);
    expect(replayed.calls).toEqual(direct.calls);
    expect(direct.calls.some((c) => c.startsWith('point'))).toBe(true);
    expect(direct.calls.length).toBeGreaterThan(60 * 3);
    expect(flags).toBe(
      DebugDrawFlag.shapes |
        DebugDrawFlag.joints |
        DebugDrawFlag.contacts |
        DebugDrawFlag.contactNormals |
        DebugDrawFlag.aabbs |
        DebugDrawFlag.centersOfMass,
    );
  });
});
