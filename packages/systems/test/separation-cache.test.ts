// The narrowphase's separation cache (manifold-cache.ts): a pair proved apart skips the collision routine while
// stillApart holds, which must never hide a point the routine would have found.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GeometryStore,
  MC_STRIDE,
  M_APART,
  M_COUNT,
  SHAPE_TYPE_COUNT,
  collideFunctions,
  createManifold,
  isPrimaryPair,
  makeBox,
  makeCapsule,
  makePolygon,
  makeRoundedBox,
  writeGeometry,
  type ContactStore,
  type ShapeGeometry,
} from '@impulse2d/core/internal';
import { CACHE_APART, cacheApart, stillApart } from '../src/manifold-cache.js';

const size = fc.double({ min: 0.05, max: 3, noNaN: true });
const coord = fc.double({ min: -4, max: 4, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
/** The shapes the polygon routine takes (capsules are 2-gons with a radius). */
const shape: fc.Arbitrary<ShapeGeometry> = fc.oneof(
  fc.tuple(size, size).map(([hx, hy]) => makeBox(hx, hy)),
  fc.tuple(size, size, fc.double({ min: 0.01, max: 0.3, noNaN: true })).map(([hx, hy, r]) => makeRoundedBox(hx, hy, r)),
  fc.tuple(size, size).map(([l, r]) => makeCapsule({ x: 0, y: -l / 2 }, { x: 0, y: l / 2 }, r / 4)),
  fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 8 }).map((pts) => {
    try {
      return makePolygon(pts.map(([x, y]) => ({ x, y })));
    } catch {
      return makeBox(0.5, 0.25);
    }
  }),
);
const pose = fc.tuple(coord, coord, angle);
/** A small motion of one body: translation and rotation, at the scale of a few steps. */
const nudge = fc.tuple(
  fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  fc.double({ min: -0.2, max: 0.2, noNaN: true }),
);

function writePose(out: Float64Array, o: number, p: readonly number[]): void {
  out[o] = p[0];
  out[o + 1] = p[1];
  out[o + 2] = Math.cos(p[2]);
  out[o + 3] = Math.sin(p[2]);
}

describe('separation cache', () => {
  it('never skips a pair the routine would give a point (random polygons, poses and motions)', () => {
    let proofs = 0;
    let skips = 0;
    fc.assert(
      fc.property(
        shape,
        shape,
        pose,
        pose,
        fc.array(fc.tuple(nudge, nudge), { minLength: 1, maxLength: 6 }),
        (a, b, pa, pb, moves) => {
          const g = new GeometryStore();
          writeGeometry(g, 0, a);
          writeGeometry(g, 1, b);
          // The narrowphase calls the table in the pair's primary order.
          const [sa, sb] = isPrimaryPair(g.type[0], g.type[1]) ? [0, 1] : [1, 0];
          const collide = collideFunctions[g.type[sa] * SHAPE_TYPE_COUNT + g.type[sb]];
          const m = createManifold();
          const p = new Float64Array(8);
          writePose(p, sa === 0 ? 0 : 4, pa);
          writePose(p, sa === 0 ? 4 : 0, pb);
          m[M_APART] = 0;
          collide(g, sa, sb, p, m);
          if (m[M_COUNT] !== 0 || !(m[M_APART] > 0)) return;
          const c = {
            manifoldCache: new Float64Array(MC_STRIDE),
            cacheValid: new Uint8Array(1),
          } as unknown as ContactStore;
          cacheApart(c, g, 0, sa, sb, p, m);
          if (c.cacheValid[0] !== CACHE_APART) return;
          proofs++;
          const qa = [...pa];
          const qb = [...pb];
          for (const [da, db] of moves) {
            for (let k = 0; k < 3; k++) {
              qa[k] += da[k];
              qb[k] += db[k];
            }
            writePose(p, sa === 0 ? 0 : 4, qa);
            writePose(p, sa === 0 ? 4 : 0, qb);
            if (!stillApart(c, 0, p)) break;
            skips++;
            collide(g, sa, sb, p, m);
            expect(m[M_COUNT]).toBe(0);
          }
        },
      ),
      { numRuns: 3000, seed: 20261126 },
    );
    // The property is not vacuous: many pairs were proved apart, and many motions kept the proof.
    expect(proofs).toBeGreaterThan(500);
    expect(skips).toBeGreaterThan(200);
  });

  it('never skips a pair the routine would give a point (a long wall and a small box turning near it)', () => {
    // The case the lever's |t| term is for: the proof is along the small box's own face, and its turning about its
    // origin swings the wall's far corners, in the box's frame, by the turn times their distance.
    let skips = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 2, max: 8, noNaN: true }),
        fc.double({ min: 0.1, max: 0.4, noNaN: true }),
        fc.double({ min: -1.3, max: 1.3, noNaN: true }),
        fc.double({ min: -1, max: 1.5, noNaN: true }),
        angle,
        fc.array(
          fc.tuple(fc.double({ min: -0.4, max: 0.4, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true })),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (hx, hy, along, gap, turn, moves) => {
          const g = new GeometryStore();
          writeGeometry(g, 0, makeBox(hx, hy));
          writeGeometry(g, 1, makeBox(0.2, 0.2));
          const collide = collideFunctions[g.type[0] * SHAPE_TYPE_COUNT + g.type[1]];
          const m = createManifold();
          const p = new Float64Array(8);
          writePose(p, 0, [0, 0, 0]);
          // Beside the wall's long face, or past its ends (where the box's own face can be the separating axis).
          const qb = [along * hx, hy + 0.3 + gap, turn];
          writePose(p, 4, qb);
          m[M_APART] = 0;
          collide(g, 0, 1, p, m);
          if (m[M_COUNT] !== 0 || !(m[M_APART] > 0)) return;
          const c = {
            manifoldCache: new Float64Array(MC_STRIDE),
            cacheValid: new Uint8Array(1),
          } as unknown as ContactStore;
          cacheApart(c, g, 0, 0, 1, p, m);
          for (const [dq, dy] of moves) {
            qb[2] += dq;
            qb[1] += dy;
            writePose(p, 4, qb);
            if (c.cacheValid[0] !== CACHE_APART || !stillApart(c, 0, p)) break;
            skips++;
            collide(g, 0, 1, p, m);
            expect(m[M_COUNT]).toBe(0);
          }
        },
      ),
      { numRuns: 3000, seed: 20261127 },
    );
    expect(skips).toBeGreaterThan(200);
  });

  it('a proof with no margin to spare is not kept', () => {
    const g = new GeometryStore();
    writeGeometry(g, 0, makeBox(0.5, 0.5));
    writeGeometry(g, 1, makeBox(0.5, 0.5));
    const c = { manifoldCache: new Float64Array(MC_STRIDE), cacheValid: new Uint8Array(1) } as unknown as ContactStore;
    const p = new Float64Array([0, 0, 1, 0, 2, 0, 1, 0]);
    const m = createManifold();
    m[M_APART] = 1e-12;
    cacheApart(c, g, 0, 0, 1, p, m);
    expect(c.cacheValid[0]).toBe(0);
    m[M_APART] = 0.5;
    cacheApart(c, g, 0, 0, 1, p, m);
    expect(c.cacheValid[0]).toBe(CACHE_APART);
    expect(stillApart(c, 0, p)).toBe(true);
    // B turned by 0.3 rad about its origin: its corners swing by ~0.2 m, but the lever bound (reach of A + |t| = 3)
    // allows less than 0.5 / 3 of chord.
    p[6] = Math.cos(0.3);
    p[7] = Math.sin(0.3);
    expect(stillApart(c, 0, p)).toBe(false);
  });
});
