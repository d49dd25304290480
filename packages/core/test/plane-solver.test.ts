// The mover's plane solver and velocity clipper (collision/plane-solver.ts) without a world: analytic cases, the
// optimality conditions on random plane sets (fast-check), and the validated public forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipVector,
  clipVectorInto,
  clipVectorRange,
  MoverPlanes,
  PhysicsError,
  PLANE_SOLVER_MAX_ITERATIONS,
  solvePlaneRange,
  solvePlanes,
  solvePlanesInto,
  type CollisionPlane,
} from '../src/internal.js';

interface PlaneSpec {
  nx: number;
  ny: number;
  offset: number;
  pushLimit?: number;
  clip?: boolean;
}

function buffer(specs: PlaneSpec[]): MoverPlanes {
  const planes = new MoverPlanes(2);
  for (const s of specs) {
    const k = planes.addRow();
    planes.normalX[k] = s.nx;
    planes.normalY[k] = s.ny;
    planes.offset[k] = s.offset;
    planes.pushLimit[k] = s.pushLimit ?? Infinity;
    planes.clipVelocity[k] = s.clip === false ? 0 : 1;
  }
  return planes;
}

function solve(planes: MoverPlanes, tx: number, ty: number): { x: number; y: number; sweeps: number } {
  const d = Float64Array.of(tx, ty);
  const sweeps = solvePlaneRange(planes, 0, planes.count, d);
  return { x: d[0], y: d[1], sweeps };
}

function clip(planes: MoverPlanes, vx: number, vy: number): { x: number; y: number } {
  const v = Float64Array.of(vx, vy);
  clipVectorRange(planes, 0, planes.count, v);
  return { x: v[0], y: v[1] };
}

const deg = Math.PI / 180;
const unit = (angle: number): { nx: number; ny: number } => ({ nx: Math.cos(angle), ny: Math.sin(angle) });

describe('solvePlaneRange: analytic cases', () => {
  it('pushes out of a known penetration by exactly that much, and no further', () => {
    // A floor the mover is 0.1 m into, asking for a 0.005 m gap: the plane asks n·d ≥ 0.105.
    const planes = buffer([{ nx: 0, ny: 1, offset: 0.105 }]);
    const r = solve(planes, 0, 0);
    expect(r.x).toBe(0);
    expect(r.y).toBeCloseTo(0.105, 15);
    expect(planes.push[0]).toBeCloseTo(0.105, 15);
    // A target that moves sideways and down keeps its sideways part.
    const s = solve(planes, 0.3, -0.2);
    expect(s.x).toBeCloseTo(0.3, 15);
    expect(s.y).toBeCloseTo(0.105, 15);
    expect(planes.push[0]).toBeCloseTo(0.305, 15);
  });

  it('a plane the target already satisfies does not push', () => {
    const planes = buffer([{ nx: 0, ny: 1, offset: -0.01 }]);
    const r = solve(planes, 0.5, -0.004);
    expect(r).toMatchObject({ x: 0.5, y: -0.004 });
    expect(planes.push[0]).toBe(0);
  });

  it('a corner of a floor and a wall: the target is stopped at the corner', () => {
    // Floor: d.y ≥ 0.002. Wall on the right (normal −x): −d.x ≥ 0.001.
    const planes = buffer([
      { nx: 0, ny: 1, offset: 0.002 },
      { nx: -1, ny: 0, offset: 0.001 },
    ]);
    const r = solve(planes, 0.3, -0.2);
    expect(r.x).toBeCloseTo(-0.001, 15);
    expect(r.y).toBeCloseTo(0.002, 15);
    expect(planes.push[0]).toBeCloseTo(0.202, 14);
    expect(planes.push[1]).toBeCloseTo(0.301, 14);
  });

  it('a narrow V (walls 10° apart) is solved exactly in a few sweeps, where Gauss-Seidel alone crawls', () => {
    // Two walls, normals 5° either side of horizontal, the crevice opening upwards; the mover is pushed down into it.
    const a = unit(5 * deg);
    const b = unit(175 * deg);
    const planes = buffer([
      { ...a, offset: 0 },
      { ...b, offset: 0 },
    ]);
    const r = solve(planes, 0.1, -1);
    // The only allowed points are above the crevice's bottom (0, 0) … whose nearest to the target is the bottom.
    expect(Math.abs(r.x)).toBeLessThan(1e-12);
    expect(Math.abs(r.y)).toBeLessThan(1e-12);
    expect(r.sweeps).toBeLessThanOrEqual(3);
    // Projected Gauss-Seidel alone, for comparison, is still ~0.4 m short after the same sweep budget.
    let dx = 0.1,
      dy = -1;
    const push = [0, 0];
    const n = [a, b];
    for (let k = 0; k < PLANE_SOLVER_MAX_ITERATIONS; k++) {
      for (let i = 0; i < 2; i++) {
        const next = Math.max(0, push[i] - (n[i].nx * dx + n[i].ny * dy));
        dx += (next - push[i]) * n[i].nx;
        dy += (next - push[i]) * n[i].ny;
        push[i] = next;
      }
    }
    expect(Math.hypot(dx, dy)).toBeGreaterThan(0.1);
  });

  it('a soft plane pushes no more than its limit', () => {
    const planes = buffer([{ nx: 0, ny: 1, offset: 0.5, pushLimit: 0.2 }]);
    const r = solve(planes, 0, 0);
    expect(r.y).toBeCloseTo(0.2, 15);
    expect(planes.push[0]).toBe(0.2);
    // A soft plane over a rigid one: the rigid one does the rest.
    const both = buffer([
      { nx: 0, ny: 1, offset: 0.5, pushLimit: 0.2 },
      { nx: 0, ny: 1, offset: 0.4 },
    ]);
    const s = solve(both, 0, 0);
    expect(s.y).toBeCloseTo(0.4, 14);
    const zero = buffer([{ nx: 0, ny: 1, offset: 0.5, pushLimit: 0 }]);
    expect(solve(zero, 0, -1).y).toBe(-1);
    expect(zero.push[0]).toBe(0);
  });

  it('solves each range of a shared buffer on its own', () => {
    const planes = buffer([
      { nx: 0, ny: 1, offset: 1 },
      { nx: 1, ny: 0, offset: 2 },
      { nx: 0, ny: -1, offset: 3 },
    ]);
    const d = Float64Array.of(0, 0);
    solvePlaneRange(planes, 1, 1, d);
    expect([d[0], d[1]]).toEqual([2, 0]);
    expect(planes.push[0]).toBe(0); // untouched
    d.set([0, 0]);
    expect(solvePlaneRange(planes, 0, 0, d)).toBe(0);
    expect([d[0], d[1]]).toEqual([0, 0]);
  });
});

describe('clipVectorRange: analytic cases', () => {
  it('a velocity into a wall keeps only its tangential part', () => {
    const planes = buffer([{ nx: -1, ny: 0, offset: 0 }]);
    planes.push[0] = 0.01;
    expect(clip(planes, 3, 1)).toEqual({ x: 0, y: 1 });
    // Away from the wall: unchanged.
    expect(clip(planes, -3, 1)).toEqual({ x: -3, y: 1 });
  });

  it('planes that did not push, or do not clip, are left alone', () => {
    const planes = buffer([
      { nx: -1, ny: 0, offset: 0 },
      { nx: 0, ny: 1, offset: 0, clip: false },
    ]);
    expect(clip(planes, 3, -1)).toEqual({ x: 3, y: -1 }); // no push yet
    planes.push[0] = 1;
    planes.push[1] = 1;
    expect(clip(planes, 3, -1)).toEqual({ x: 0, y: -1 }); // the floor is soft: no clip
  });

  it('in a corner the result goes into neither plane, where clipping one plane after the other can fail', () => {
    const into = (v: { x: number; y: number }, n: { nx: number; ny: number }): { x: number; y: number } => {
      const dot = Math.min(0, v.x * n.nx + v.y * n.ny);
      return { x: v.x - dot * n.nx, y: v.y - dot * n.ny };
    };
    // A V-shaped valley, slopes at ±30°: a velocity straight into it is removed entirely. One plane after the other
    // leaves a velocity of 0.34 m/s up and out of the valley instead.
    const a = unit(60 * deg);
    const b = unit(120 * deg);
    const valley = buffer([
      { ...a, offset: 0 },
      { ...b, offset: 0 },
    ]);
    valley.push[0] = valley.push[1] = 1;
    const down = clip(valley, 0.2, -1);
    expect(Math.abs(down.x) + Math.abs(down.y)).toBeLessThan(1e-15);
    const seq = into(into({ x: 0.2, y: -1 }, a), b);
    expect(Math.hypot(seq.x, seq.y)).toBeGreaterThan(0.3);
    // A narrow crevice (walls 10° off vertical): one plane after the other ends up back inside the first wall.
    const c = unit(10 * deg);
    const d = unit(170 * deg);
    const crevice = buffer([
      { ...c, offset: 0 },
      { ...d, offset: 0 },
    ]);
    crevice.push[0] = crevice.push[1] = 1;
    const seq2 = into(into({ x: 0.5, y: -1 }, c), d);
    expect(seq2.x * c.nx + seq2.y * c.ny).toBeLessThan(-0.1);
    const exact = clip(crevice, 0.5, -1);
    expect(exact.x * c.nx + exact.y * c.ny).toBeGreaterThanOrEqual(-1e-15);
    expect(exact.x * d.nx + exact.y * d.ny).toBeGreaterThanOrEqual(-1e-15);
  });
});

// ---- properties -----------------------------------------------------------------------------------------------------

const coord = fc.double({ min: -5, max: 5, noNaN: true });
const angle = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });

/** Random planes that all admit the point (px, py): offsets n·P − slack with slack ≥ 0. */
const feasibleSet = fc.record({
  px: coord,
  py: coord,
  tx: coord,
  ty: coord,
  planes: fc.array(
    fc.record({
      angle,
      slack: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 2, noNaN: true })),
      soft: fc.oneof(fc.constant(Infinity), fc.constant(Infinity), fc.double({ min: 0, max: 3, noNaN: true })),
    }),
    { minLength: 1, maxLength: 7 },
  ),
});

/** Checks the optimality conditions of the solve (see plane-solver.ts) to `tol`. */
function expectOptimal(planes: MoverPlanes, tx: number, ty: number, d: { x: number; y: number }, tol: number): void {
  let sx = tx,
    sy = ty;
  for (let i = 0; i < planes.count; i++) {
    const push = planes.push[i];
    const limit = planes.pushLimit[i];
    expect(push).toBeGreaterThanOrEqual(0);
    expect(push).toBeLessThanOrEqual(limit);
    sx += push * planes.normalX[i];
    sy += push * planes.normalY[i];
    const gap = planes.normalX[i] * d.x + planes.normalY[i] * d.y - planes.offset[i];
    if (push < limit) expect(gap).toBeGreaterThanOrEqual(-tol); // met unless it gave all it could
    if (push > tol) expect(gap).toBeLessThanOrEqual(tol); // pushes only as far as needed
  }
  // d is the target plus the pushes.
  expect(Math.abs(sx - d.x)).toBeLessThanOrEqual(tol);
  expect(Math.abs(sy - d.y)).toBeLessThanOrEqual(tol);
}

describe('solvePlaneRange: properties', () => {
  it('rigid planes that admit a solution are all met, by the nearest allowed translation', () => {
    fc.assert(
      fc.property(feasibleSet, ({ px, py, tx, ty, planes: specs }) => {
        const planes = buffer(
          specs.map((s) => {
            const n = unit(s.angle);
            return { ...n, offset: n.nx * px + n.ny * py - s.slack };
          }),
        );
        const r = solve(planes, tx, ty);
        for (let i = 0; i < planes.count; i++) {
          const gap = planes.normalX[i] * r.x + planes.normalY[i] * r.y - planes.offset[i];
          expect(gap).toBeGreaterThanOrEqual(-1e-8);
        }
        // P is allowed, so the solution is no farther from the target than P.
        expect(Math.hypot(r.x - tx, r.y - ty)).toBeLessThanOrEqual(Math.hypot(px - tx, py - ty) + 1e-8);
        expectOptimal(planes, tx, ty, r, 1e-8);
      }),
      { numRuns: 2000, seed: 37 },
    );
  });

  it('with soft planes, the pushes meet the optimality conditions', () => {
    fc.assert(
      fc.property(feasibleSet, ({ px, py, tx, ty, planes: specs }) => {
        const planes = buffer(
          specs.map((s) => {
            const n = unit(s.angle);
            return { ...n, offset: n.nx * px + n.ny * py - s.slack, pushLimit: s.soft };
          }),
        );
        const r = solve(planes, tx, ty);
        expectOptimal(planes, tx, ty, r, 1e-8);
      }),
      { numRuns: 2000, seed: 38 },
    );
  });
});

describe('clipVectorRange: properties', () => {
  it('the result goes into no clipping plane and is the nearest such vector to the input', () => {
    fc.assert(
      fc.property(
        coord,
        coord,
        fc.array(fc.record({ angle, pushed: fc.boolean(), clips: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(coord, coord), { minLength: 20, maxLength: 20 }),
        (vx, vy, specs, samples) => {
          const planes = buffer(specs.map((s) => ({ ...unit(s.angle), offset: 0, clip: s.clips })));
          specs.forEach((s, i) => (planes.push[i] = s.pushed ? 1 : 0));
          const w = clip(planes, vx, vy);
          const active = specs.map((_, i) => i).filter((i) => specs[i].pushed && specs[i].clips);
          const inCone = (x: number, y: number, tol: number): boolean =>
            active.every((i) => x * planes.normalX[i] + y * planes.normalY[i] >= -tol);
          const scale = Math.hypot(vx, vy);
          expect(inCone(w.x, w.y, 1e-12 * scale + 1e-300)).toBe(true);
          // Projection onto a convex cone: (v − w) ⟂ w, and (v − w)·z ≤ 0 for every z in the cone.
          const rx = vx - w.x,
            ry = vy - w.y;
          expect(Math.abs(rx * w.x + ry * w.y)).toBeLessThanOrEqual(1e-12 * (scale * scale + 1));
          for (const [zx, zy] of samples) {
            if (inCone(zx, zy, 0)) expect(rx * zx + ry * zy).toBeLessThanOrEqual(1e-12 * (scale + 1) * 10);
          }
        },
      ),
      { numRuns: 1000, seed: 39 },
    );
  });
});

// ---- public forms ---------------------------------------------------------------------------------------------------

function plane(nx: number, ny: number, offset: number, extra: Partial<CollisionPlane> = {}): CollisionPlane {
  return { normal: { x: nx, y: ny }, offset, pushLimit: Infinity, push: 0, clipVelocity: true, ...extra };
}

describe('solvePlanes and clipVector (objects) and their …Into forms', () => {
  it('agree with the pure routines and write each plane’s push', () => {
    const planes = [plane(0, 1, 0.002), plane(-1, 0, 0.001)];
    const r = solvePlanes({ x: 0.3, y: -0.2 }, planes);
    expect(r.translation.x).toBeCloseTo(-0.001, 15);
    expect(r.translation.y).toBeCloseTo(0.002, 15);
    expect(r.iterations).toBeGreaterThan(0);
    expect(planes[0].push).toBeCloseTo(0.202, 14);
    expect(planes[1].push).toBeCloseTo(0.301, 14);
    expect(clipVector({ x: 3, y: -2 }, planes)).toEqual({ x: 0, y: 0 });
    expect(clipVector({ x: -1, y: -2 }, planes)).toEqual({ x: -1, y: 0 });

    const buf = buffer([
      { nx: 0, ny: 1, offset: 0.002 },
      { nx: -1, ny: 0, offset: 0.001 },
    ]);
    const out = { x: 0, y: 0 };
    expect(solvePlanesInto({ x: 0.3, y: -0.2 }, buf, out)).toBe(r.iterations);
    expect(out).toEqual(r.translation);
    const v = { x: -1, y: -2 };
    expect(clipVectorInto(v, buf, v)).toBe(v);
    expect(v).toEqual({ x: -1, y: 0 });
  });

  it('refuse bad planes and vectors with INVALID_ARGUMENT', () => {
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return undefined;
    };
    const ok = { x: 0, y: 0 };
    expect(code(() => solvePlanes({ x: NaN, y: 0 }, []))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [plane(0, 2, 0)]))).toBe('INVALID_ARGUMENT'); // not a unit normal
    expect(code(() => solvePlanes(ok, [plane(0, 1, NaN)]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [plane(0, 1, Infinity)]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [plane(0, 1, 0, { pushLimit: -1 })]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [plane(0, 1, 0, { pushLimit: NaN })]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [plane(0, 1, 0, { clipVelocity: 1 as never })]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, [null as never]))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanes(ok, 'planes' as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => clipVector(ok, [plane(0, 1, 0, { push: -1 })]))).toBe('INVALID_ARGUMENT');
    expect(code(() => clipVector({ x: 0, y: Infinity }, []))).toBe('INVALID_ARGUMENT');
    const buf = buffer([{ nx: 0, ny: 1, offset: 0 }]);
    expect(code(() => solvePlanesInto(ok, [] as never, ok))).toBe('INVALID_ARGUMENT');
    expect(code(() => solvePlanesInto(ok, buf, null as never))).toBe('INVALID_ARGUMENT');
    buf.normalY[0] = NaN;
    expect(code(() => solvePlanesInto(ok, buf, { x: 0, y: 0 }))).toBe('INVALID_ARGUMENT');
    buf.normalY[0] = 1;
    buf.push[0] = NaN;
    expect(code(() => clipVectorInto(ok, buf, { x: 0, y: 0 }))).toBe('INVALID_ARGUMENT');
    // The good forms still work after the refusals.
    expect(solvePlanes(ok, [plane(0, 1, 0.5)]).translation).toEqual({ x: 0, y: 0.5 });
  });
});
