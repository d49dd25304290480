import { describe, expect, it } from 'vitest';
import {
  GeometryStore,
  computeMassData,
  computeShapeAABB,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  rayCastGeometry,
  writeGeometry,
  type ShapeGeometry,
} from '../src/geometry/index.js';
import { atan2, cosSin } from '../src/math/index.js';

function massOf(g: ShapeGeometry, density: number): number[] {
  const store = new GeometryStore();
  writeGeometry(store, 3, g);
  const out = new Float64Array(4);
  computeMassData(store, 3, density, out);
  return Array.from(out);
}

/** Independent reference: area, centroid and centroidal polar moment of a simple polygon (shoelace sums). */
function polygonIntegrals(xs: number[], ys: number[]): number[] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  let j0 = 0;
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    const k = (i + 1) % n;
    const cr = xs[i] * ys[k] - xs[k] * ys[i];
    a += cr / 2;
    cx += ((xs[i] + xs[k]) * cr) / 6;
    cy += ((ys[i] + ys[k]) * cr) / 6;
    j0 += ((xs[i] ** 2 + xs[i] * xs[k] + xs[k] ** 2 + ys[i] ** 2 + ys[i] * ys[k] + ys[k] ** 2) * cr) / 12;
  }
  cx /= a;
  cy /= a;
  return [a, cx, cy, j0 - a * (cx * cx + cy * cy)];
}

/** Outline of a polygon (counter-clockwise vertices) rounded by r, with each corner arc split into `steps` pieces. */
function roundedOutline(vx: number[], vy: number[], r: number, steps: number): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  const n = vx.length;
  for (let i = 0; i < n; i++) {
    const p = (i + n - 1) % n;
    const q = (i + 1) % n;
    const a0 = Math.atan2(-(vx[i] - vx[p]), vy[i] - vy[p]); // normal of previous edge
    let a1 = Math.atan2(-(vx[q] - vx[i]), vy[q] - vy[i]);
    if (a1 < a0) a1 += 2 * Math.PI;
    for (let k = 0; k <= steps; k++) {
      const a = a0 + ((a1 - a0) * k) / steps;
      xs.push(vx[i] + r * Math.cos(a));
      ys.push(vy[i] + r * Math.sin(a));
    }
  }
  return [xs, ys];
}

describe('mass properties', () => {
  it('box: m = ρ·w·h and I = m(w² + h²)/12 about its centre, also when offset and rotated', () => {
    const [m, cx, cy, I] = massOf(makeBox(1, 0.5), 2);
    expect(m).toBeCloseTo(4, 12);
    expect(cx).toBeCloseTo(0, 12);
    expect(cy).toBeCloseTo(0, 12);
    expect(I).toBeCloseTo((4 * (4 + 1)) / 12, 12);
    const [m2, cx2, cy2, I2] = massOf(makeBox(1, 0.5, { x: 3, y: -4 }, 0.7), 2);
    expect(m2).toBeCloseTo(4, 12);
    expect(cx2).toBeCloseTo(3, 12);
    expect(cy2).toBeCloseTo(-4, 12);
    expect(I2).toBeCloseTo(5 / 3, 10);
  });

  it('circle: m = ρπr², I = m r²/2, centre at the circle centre', () => {
    const [m, cx, cy, I] = massOf(makeCircle(0.5, { x: 1, y: 2 }), 3);
    expect(m).toBeCloseTo(3 * Math.PI * 0.25, 12);
    expect([cx, cy]).toEqual([1, 2]);
    expect(I).toBeCloseTo(0.5 * m! * 0.25, 12);
  });

  it("capsule: matches the closed form (rectangle + two half discs, Box2D's formula) and a fine polygon", () => {
    const r = 0.3;
    const L = 2;
    const rho = 1.5;
    const [m, cx, cy, I] = massOf(makeCapsule({ x: -1, y: 0.5 }, { x: 1, y: 0.5 }, r), rho);
    const circleMass = rho * Math.PI * r * r;
    const boxMass = rho * 2 * r * L;
    const lc = (4 * r) / (3 * Math.PI);
    const h = L / 2;
    const expectedI = circleMass * (0.5 * r * r + h * h + 2 * h * lc) + (boxMass * (4 * r * r + L * L)) / 12;
    expect(m).toBeCloseTo(circleMass + boxMass, 12);
    expect(cx).toBeCloseTo(0, 12);
    expect(cy).toBeCloseTo(0.5, 12);
    expect(I).toBeCloseTo(expectedI, 10);
    // Same capsule turned diagonal and far from the origin: same mass and inertia, centre at the midpoint.
    const d = L / 2 / Math.SQRT2;
    const [m2, cx2, cy2, I2] = massOf(makeCapsule({ x: 10 - d, y: -5 - d }, { x: 10 + d, y: -5 + d }, r), rho);
    expect(m2).toBeCloseTo(m!, 10);
    expect(cx2).toBeCloseTo(10, 10);
    expect(cy2).toBeCloseTo(-5, 10);
    expect(I2).toBeCloseTo(expectedI, 9);
    // Fine polygon approximation of the outline.
    const [xs, ys] = roundedOutline([-1, 1], [0.5, 0.5], r, 2000);
    const ref = polygonIntegrals(xs, ys);
    expect(m! / rho).toBeCloseTo(ref[0], 5);
    expect(I! / rho).toBeCloseTo(ref[3], 5);
  });

  it('rounded box and rounded triangle are integrated exactly (checked against a fine polygon outline)', () => {
    const [m, cx, cy, I] = massOf(makeRoundedBox(1, 0.5, 0.2), 1);
    // Area: core + edge strips + one full disc.
    expect(m).toBeCloseTo(2 + 0.2 * (4 + 2) + Math.PI * 0.04, 12);
    expect(cx).toBeCloseTo(0, 12);
    expect(cy).toBeCloseTo(0, 12);
    const [bx, by] = roundedOutline([-1, 1, 1, -1], [-0.5, -0.5, 0.5, 0.5], 0.2, 2000);
    expect(I).toBeCloseTo(polygonIntegrals(bx, by)[3], 5);

    const tri = makePolygon(
      [
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 1, y: 2 },
      ],
      0.25,
    );
    const [mt, tcx, tcy, It] = massOf(tri, 2);
    const [tx, ty] = roundedOutline([0, 3, 1], [0, 0, 2], 0.25, 2000);
    const ref = polygonIntegrals(tx, ty);
    expect(mt! / 2).toBeCloseTo(ref[0], 5);
    expect(tcx).toBeCloseTo(ref[1], 5);
    expect(tcy).toBeCloseTo(ref[2], 5);
    expect(It! / 2).toBeCloseTo(ref[3], 4);
  });

  it('triangle without rounding: centroid at the vertex mean', () => {
    const [m, cx, cy, I] = massOf(
      makePolygon([
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 0, y: 3 },
      ]),
      1,
    );
    expect(m).toBeCloseTo(4.5, 12);
    expect(cx).toBeCloseTo(1, 12);
    expect(cy).toBeCloseTo(1, 12);
    expect(I).toBeCloseTo(polygonIntegrals([0, 3, 0], [0, 0, 3])[3], 12);
  });

  it('segments are massless', () => {
    expect(massOf(makeSegment({ x: 0, y: 0 }, { x: 4, y: 2 }), 5)).toEqual([0, 2, 1, 0]);
  });
});

describe('shape AABB', () => {
  const store = new GeometryStore();
  const out = new Float64Array(8);
  it('rotated box at 45° spans ±hx√2 around the body position', () => {
    writeGeometry(store, 0, makeBox(1, 1));
    const a = Math.PI / 4;
    computeShapeAABB(store, 0, new Float64Array([2, 3, Math.cos(a), Math.sin(a)]), out, 4);
    expect(out[4]).toBeCloseTo(2 - Math.SQRT2, 12);
    expect(out[5]).toBeCloseTo(3 - Math.SQRT2, 12);
    expect(out[6]).toBeCloseTo(2 + Math.SQRT2, 12);
    expect(out[7]).toBeCloseTo(3 + Math.SQRT2, 12);
    expect(out[0]).toBe(0); // nothing written before the offset
  });

  it('includes the radius of circles, capsules and rounded polygons and the local offset', () => {
    writeGeometry(store, 1, makeCircle(0.5, { x: 1, y: 0 }));
    computeShapeAABB(store, 1, new Float64Array([0, 0, 0, 1]), out, 0); // 90°: local (1,0) → world (0,1)
    expect(out[0]).toBeCloseTo(-0.5, 12);
    expect(out[1]).toBeCloseTo(0.5, 12);
    expect(out[2]).toBeCloseTo(0.5, 12);
    expect(out[3]).toBeCloseTo(1.5, 12);
    writeGeometry(store, 2, makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25));
    computeShapeAABB(store, 2, new Float64Array([5, 5, 1, 0]), out, 0);
    expect(Array.from(out.subarray(0, 4))).toEqual([3.75, 4.75, 6.25, 5.25]);
    writeGeometry(store, 3, makeRoundedBox(1, 2, 0.1));
    computeShapeAABB(store, 3, new Float64Array([0, 0, 1, 0]), out, 0);
    expect(Array.from(out.subarray(0, 4))).toEqual([-1.1, -2.1, 1.1, 2.1]);
  });
});

describe('ray cast against one shape', () => {
  const store = new GeometryStore();
  writeGeometry(store, 0, makeBox(1, 1));
  writeGeometry(store, 1, makeCircle(1));
  writeGeometry(store, 2, makeRoundedBox(1, 1, 0.5));
  writeGeometry(store, 3, makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }));
  writeGeometry(store, 4, makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.5));
  const out = new Float64Array(5);

  it('hits a box face with its outward normal, in the world frame', () => {
    // Box at (10, 0) turned 90°: the ray from the left meets the face at x = 9.
    expect(rayCastGeometry(store, 0, 10, 0, 0, 1, 0, 0.5, 20, 0, 1, out)).toBe(true);
    expect(out[0]).toBeCloseTo(9 / 20, 12);
    expect(out[1]).toBeCloseTo(9, 12);
    expect(out[2]).toBeCloseTo(0.5, 12);
    expect(out[3]).toBeCloseTo(-1, 12);
    expect(out[4]).toBeCloseTo(0, 12);
    expect(rayCastGeometry(store, 0, 10, 0, 0, 1, 0, 0.5, 20, 0, 0.4, out)).toBe(false); // stops short
    expect(rayCastGeometry(store, 0, 10, 0, 0, 1, 0, 1.5, 20, 0, 1, out)).toBe(false); // passes above
    expect(rayCastGeometry(store, 0, 10, 0, 0, 1, 10, 0, 5, 0, 1, out)).toBe(false); // starts inside
  });

  it('hits a circle and a rounded corner on the arc', () => {
    expect(rayCastGeometry(store, 1, 0, 0, 1, 0, -5, 0.6, 10, 0, 1, out)).toBe(true);
    expect(out[1]).toBeCloseTo(-0.8, 12);
    expect(out[3]).toBeCloseTo(-0.8, 12);
    expect(out[4]).toBeCloseTo(0.6, 12);
    // Diagonal ray at the rounded box's corner: reaches the arc at (1, 1) + 0.5·(1, 1)/√2.
    expect(rayCastGeometry(store, 2, 0, 0, 1, 0, 5, 5, -10, -10, 1, out)).toBe(true);
    const e = 1 + 0.5 / Math.SQRT2;
    expect(out[1]).toBeCloseTo(e, 12);
    expect(out[2]).toBeCloseTo(e, 12);
    expect(out[3]).toBeCloseTo(Math.SQRT1_2, 12);
    // Straight down onto the flat top: y = 1.5.
    expect(rayCastGeometry(store, 2, 0, 0, 1, 0, 0.3, 4, 0, -10, 1, out)).toBe(true);
    expect(out[2]).toBeCloseTo(1.5, 12);
    expect(out[4]).toBeCloseTo(1, 12);
  });

  it('hits a segment from either side and a capsule side and cap', () => {
    expect(rayCastGeometry(store, 3, 0, 0, 1, 0, 0.5, -2, 0, 4, 1, out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.5, 12);
    expect(out[4]).toBeCloseTo(-1, 12);
    expect(rayCastGeometry(store, 3, 0, 0, 1, 0, 0.5, 2, 0, -4, 1, out)).toBe(true);
    expect(out[4]).toBeCloseTo(1, 12);
    expect(rayCastGeometry(store, 3, 0, 0, 1, 0, 1.5, 2, 0, -4, 1, out)).toBe(false);
    expect(rayCastGeometry(store, 4, 0, 0, 1, 0, 0, 3, 0, -4, 1, out)).toBe(true);
    expect(out[2]).toBeCloseTo(0.5, 12);
    expect(rayCastGeometry(store, 4, 0, 0, 1, 0, 4, 0, -4, 0, 1, out)).toBe(true);
    expect(out[1]).toBeCloseTo(1.5, 12);
    expect(out[3]).toBeCloseTo(1, 12);
  });
});

describe('deterministic trigonometry', () => {
  it('cosSin and atan2 agree with Math to a few ulp', () => {
    const cs = new Float64Array(2);
    for (let i = -2000; i <= 2000; i++) {
      const a = i * 0.01237;
      cosSin(a, cs);
      expect(Math.abs(cs[0] - Math.cos(a))).toBeLessThan(4e-16);
      expect(Math.abs(cs[1] - Math.sin(a))).toBeLessThan(4e-16);
      const y = Math.sin(i * 0.37) * (i % 7);
      const x = Math.cos(i * 0.91) * (i % 5);
      expect(Math.abs(atan2(y, x) - Math.atan2(y, x))).toBeLessThan(2e-15);
    }
    cosSin(0, cs);
    expect(Array.from(cs)).toEqual([1, 0]);
    expect(atan2(0, -1)).toBe(Math.PI);
    expect(atan2(-0, -1)).toBe(-Math.PI);
    expect(atan2(1, 0)).toBe(Math.PI / 2);
  });
});
