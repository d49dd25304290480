import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SplitPlanner } from '../src/broadphase/tree-build.js';

/** Runs a plan: the leaves of each subtree (as sorted index lists), the root last. */
function runPlan(plan: Int32Array, steps: number): number[][] {
  const stack: number[][] = [];
  for (let k = 0; k < steps; k++) {
    const op = plan[k];
    if (op >= 0) stack.push([op]);
    else {
      const right = stack.pop()!;
      const left = stack.pop()!;
      // Median split: the halves differ in size by at most one (so the tree is AVL-balanced).
      expect(Math.abs(left.length - right.length)).toBeLessThanOrEqual(1);
      stack.push([...left, ...right]);
    }
  }
  expect(stack).toHaveLength(1);
  return stack;
}

describe('SplitPlanner', () => {
  it('plans every leaf once, in halves of equal size, for any centres (duplicates and single points included)', () => {
    const planner = new SplitPlanner();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })), {
          minLength: 1,
          maxLength: 300,
        }),
        (points) => {
          const cx = new Float64Array(points.map((p) => p[0] / 4));
          const cy = new Float64Array(points.map((p) => p[1] / 4));
          const steps = planner.build(cx, cy, points.length);
          expect(steps).toBe(2 * points.length - 1);
          const [all] = runPlan(planner.plan, steps);
          expect([...all!].sort((a, b) => a - b)).toEqual(points.map((_, i) => i));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('splits along the longer side: a row of 8 points along x halves into its left and right four', () => {
    const planner = new SplitPlanner();
    // Shuffled order, 8 wide and 1 tall.
    const xs = [5, 0, 7, 2, 6, 1, 4, 3];
    const cx = new Float64Array(xs);
    const cy = new Float64Array(xs.map((x) => (x % 2) * 0.5));
    const steps = planner.build(cx, cy, xs.length);
    const firstJoin = [...planner.plan.subarray(0, steps)].indexOf(-1);
    // The first subtree planned is the two leftmost points, then the plan runs left to right.
    const leaves = [...planner.plan.subarray(0, steps)].filter((op) => op >= 0).map((i) => xs[i]);
    expect(leaves).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(firstJoin).toBe(2);
  });
});
