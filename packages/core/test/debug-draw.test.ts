// debugDraw: a recording drawer sees every shape kind in world coordinates, joints, contacts, AABBs and centres of
// mass, coloured by body state, and only what the flags ask for.
import { describe, expect, it } from 'vitest';
import {
  DebugColor,
  DebugDrawFlag,
  addShape,
  createBody,
  createPhysicsWorld,
  createDistanceJoint,
  createMouseJoint,
  createPrismaticJoint,
  createPulleyJoint,
  createRevoluteJoint,
  debugDraw,
  makeBox,
  makeCapsule,
  makeCircle,
  makeRoundedBox,
  makeSegment,
  setAwake,
  type DebugDrawer,
  type PhysicsWorld,
  type BodyId,
} from '../src/index.js';
import { stepPhysics } from '../../systems/src/index.js';

type Call = { kind: string; args: number[] };

class Recorder implements DebugDrawer {
  calls: Call[] = [];
  private push(kind: string, args: number[]): void {
    this.calls.push({ kind, args });
  }
  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void {
    this.push('polygon', [...vertices.subarray(0, 2 * count), count, radius, color]);
  }
  drawCircle(x: number, y: number, radius: number, ax: number, ay: number, color: number): void {
    this.push('circle', [x, y, radius, ax, ay, color]);
  }
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void {
    this.push('capsule', [x1, y1, x2, y2, radius, color]);
  }
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    this.push('segment', [x1, y1, x2, y2, color]);
  }
  drawPoint(x: number, y: number, size: number, color: number): void {
    this.push('point', [x, y, size, color]);
  }
  drawTransform(x: number, y: number, c: number, s: number): void {
    this.push('transform', [x, y, c, s]);
  }
  drawAABB(minX: number, minY: number, maxX: number, maxY: number, color: number): void {
    this.push('aabb', [minX, minY, maxX, maxY, color]);
  }
  of(kind: string): Call[] {
    return this.calls.filter((c) => c.kind === kind);
  }
}

/** Ground segment, a box resting on it, a circle, a capsule, a rounded box pinned to a kinematic body, a sensor. */
function scene(): { w: PhysicsWorld; box: number; wheel: number; rounded: BodyId } {
  const w = createPhysicsWorld();
  const ground = createBody(w, { type: 'static' });
  addShape(w, ground, makeSegment({ x: -10, y: 0 }, { x: 10, y: 0 }));
  const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
  addShape(w, box, makeBox(0.5, 0.5));
  const wheel = createBody(w, { type: 'dynamic', position: { x: 3, y: 5 }, angle: Math.PI / 2 });
  addShape(w, wheel, makeCircle(0.25));
  const kin = createBody(w, { type: 'kinematic', position: { x: -3, y: 5 } });
  addShape(w, kin, makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.2));
  const rounded = createBody(w, { type: 'dynamic', position: { x: -3, y: 3 }, isAwake: false });
  addShape(w, rounded, makeRoundedBox(0.3, 0.3, 0.1));
  createRevoluteJoint(w, { bodyA: kin, bodyB: rounded, localAnchorA: { x: 0, y: -1 }, localAnchorB: { x: 0, y: 1 } });
  const sensorBody = createBody(w, { type: 'static', position: { x: 8, y: 8 } });
  addShape(w, sensorBody, makeBox(1, 1), { isSensor: true });
  return { w, box, wheel, rounded };
}

describe('debugDraw', () => {
  it('draws each shape kind once in world coordinates, coloured by body state', () => {
    const { w, rounded } = scene();
    setAwake(w, rounded, false); // the joint woke it
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.shapes });
    expect(rec.of('segment')).toEqual([{ kind: 'segment', args: [-10, 0, 10, 0, DebugColor.static] }]);
    const polys = rec.of('polygon');
    expect(polys).toHaveLength(3); // box, rounded box, sensor box
    // The box sits at (0, 0.5): its corners span x ±0.5 and y 0..1.
    const box = polys[0].args;
    expect(box[8]).toBe(4);
    const xs = [box[0], box[2], box[4], box[6]];
    const ys = [box[1], box[3], box[5], box[7]];
    expect(Math.min(...xs)).toBeCloseTo(-0.5, 12);
    expect(Math.max(...ys)).toBeCloseTo(1, 12);
    expect(Math.min(...ys)).toBeCloseTo(0, 12);
    expect(box[10]).toBe(DebugColor.awake);
    expect(polys[1].args[9]).toBeCloseTo(0.1, 12); // the rounded box keeps its radius
    expect(polys[1].args[10]).toBe(DebugColor.asleep);
    expect(polys[2].args[10]).toBe(DebugColor.sensor);
    // The circle, rotated a quarter turn: its axis points up.
    const [circle] = rec.of('circle');
    expect(circle!.args[0]).toBeCloseTo(3, 12);
    expect(circle!.args[1]).toBeCloseTo(5, 12);
    expect(circle!.args[2]).toBe(0.25);
    expect(circle!.args[3]).toBeCloseTo(0, 9);
    expect(circle!.args[4]).toBeCloseTo(1, 9);
    expect(circle!.args[5]).toBe(DebugColor.awake);
    expect(rec.of('capsule')).toEqual([{ kind: 'capsule', args: [-4, 5, -2, 5, 0.2, DebugColor.kinematic] }]);
    expect(rec.of('point')).toHaveLength(0);
    expect(rec.of('aabb')).toHaveLength(0);
  });

  it('draws a revolute joint where it acts: the link between its anchors and one marker sized to its bodies', () => {
    const { w } = scene();
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.joints });
    // Kinematic body at (-3, 5), anchor 1 m below; rounded box at (-3, 3), anchor 1 m above: both at (-3, 4). No line
    // to either body's origin. The marker's radius is half the smaller body's smallest extent (the capsule's 0.2 m
    // radius), its axis body B's x axis less the reference angle.
    expect(rec.calls).toEqual([
      { kind: 'segment', args: [-3, 4, -3, 4, DebugColor.joint] },
      { kind: 'circle', args: [-3, 4, 0.1, 1, 0, DebugColor.joint] },
    ]);
  });

  it('draws a bridge end jointed to a far-away static ground at the joint, not at the ground origin', () => {
    // Regression: bridge joint lines were drawn to the ground body's origin, a point below the ground.
    const w = createPhysicsWorld();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: -20 } });
    addShape(w, ground, makeBox(100, 1));
    const plank = createBody(w, { type: 'dynamic', position: { x: 40.5, y: 10 } });
    addShape(w, plank, makeBox(0.5, 0.125));
    createRevoluteJoint(w, { bodyA: ground, bodyB: plank, anchor: { x: 40, y: 10 } });
    createDistanceJoint(w, { bodyA: ground, bodyB: plank, localAnchorA: { x: 41, y: 31 } });
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.joints });
    expect(rec.calls.length).toBeGreaterThan(0);
    for (const call of rec.calls) {
      const points = call.kind === 'segment' ? [call.args.slice(0, 2), call.args.slice(2, 4)] : [call.args.slice(0, 2)];
      for (const [x, y] of points)
        expect(Math.hypot(x - 40.5, y - 10.5), `${call.kind} at (${x}, ${y})`).toBeLessThan(2);
    }
    // The plank's smallest extent is its half thickness: the markers fit inside it.
    for (const circle of rec.of('circle')) expect(circle.args[2]).toBeLessThanOrEqual(0.0625);
  });

  it('sizes joint markers to the joined bodies: a small ragdoll gets small markers, a large one large', () => {
    const radii = (halfWidth: number): number[] => {
      const w = createPhysicsWorld({ gravity: { x: 0, y: 0 } });
      const torso = createBody(w, { type: 'dynamic' });
      addShape(w, torso, makeBox(halfWidth, 4 * halfWidth));
      const arm = createBody(w, { type: 'dynamic', position: { x: 3 * halfWidth, y: 0 } });
      addShape(w, arm, makeBox(halfWidth, 2 * halfWidth));
      createRevoluteJoint(w, { bodyA: torso, bodyB: arm, anchor: { x: 1.5 * halfWidth, y: 0 } });
      const rec = new Recorder();
      debugDraw(w, rec, { flags: DebugDrawFlag.joints });
      return rec.of('circle').map((c) => c.args[2]);
    };
    const small = radii(0.02);
    const large = radii(0.5);
    expect(small).toHaveLength(1);
    expect(small[0]).toBeCloseTo(0.01, 12);
    expect(large[0]).toBeCloseTo(0.25, 12);
  });

  it('draws the resting box contact points on the ground with upward normals', () => {
    const { w } = scene();
    for (let i = 0; i < 10; i++) stepPhysics(w, 1 / 60);
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.contacts | DebugDrawFlag.contactNormals, normalLength: 0.5 });
    const points = rec.of('point');
    expect(points).toHaveLength(2); // the box's bottom corners (the sensor overlap draws nothing)
    for (const p of points) {
      expect(Math.abs(p.args[0])).toBeCloseTo(0.5, 2);
      expect(Math.abs(p.args[1])).toBeLessThan(0.02);
      expect(p.args[3]).toBe(DebugColor.contactPoint);
    }
    const normals = rec.of('segment');
    expect(normals).toHaveLength(2);
    for (const n of normals) {
      // Ground (A) → box (B): the normal points up, half a metre long.
      expect(n.args[2] - n.args[0]).toBeCloseTo(0, 9);
      expect(Math.abs(n.args[3] - n.args[1])).toBeCloseTo(0.5, 9);
    }
  });

  it('draws one AABB per shape and one centre-of-mass transform per body when asked', () => {
    const { w, wheel } = scene();
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.aabbs | DebugDrawFlag.centersOfMass });
    const boxes = rec.of('aabb');
    expect(boxes).toHaveLength(6);
    // The wheel's box: its centre ± radius.
    expect(boxes[2].args.slice(0, 4).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([2.75, 4.75, 3.25, 5.25]);
    const frames = rec.of('transform');
    expect(frames).toHaveLength(6);
    expect(frames.some((f) => f.args[0] === 3 && f.args[1] === 5)).toBe(true);
    expect(wheel).toBeGreaterThanOrEqual(0);
    expect(rec.calls).toHaveLength(12);
  });

  it('draws nothing with no flags, and shapes and joints by default', () => {
    const { w } = scene();
    const none = new Recorder();
    debugDraw(w, none, { flags: 0 });
    expect(none.calls).toHaveLength(0);
    const def = new Recorder();
    debugDraw(w, def);
    expect(def.of('polygon')).toHaveLength(3);
    expect(def.of('circle')).toHaveLength(2); // the wheel shape and the joint's marker
    expect(def.of('point')).toHaveLength(0);
    expect(def.of('aabb')).toHaveLength(0);
  });

  it('draws prismatic limits along the axis, mouse joints to their target and pulleys over their ground anchors', () => {
    const w = createPhysicsWorld({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static' });
    const slider = createBody(w, { type: 'dynamic', position: { x: 2, y: 0 } });
    addShape(w, slider, makeBox(0.2, 0.2));
    createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: slider,
      localAnchorA: { x: 1, y: 0 },
      localAxisA: { x: 1, y: 0 },
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 2,
    });
    const dragged = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    addShape(w, dragged, makeBox(0.2, 0.2));
    createMouseJoint(w, { bodyA: ground, bodyB: dragged, target: { x: 1, y: 6 } });
    const left = createBody(w, { type: 'dynamic', position: { x: -3, y: 2 } });
    const right = createBody(w, { type: 'dynamic', position: { x: 3, y: 2 } });
    addShape(w, left, makeBox(0.2, 0.2));
    addShape(w, right, makeBox(0.2, 0.2));
    createPulleyJoint(w, { bodyA: left, bodyB: right, groundAnchorA: { x: -3, y: 4 }, groundAnchorB: { x: 3, y: 4 } });
    const rec = new Recorder();
    debugDraw(w, rec, { flags: DebugDrawFlag.joints, pointSize: 7 });
    const seg = rec.of('segment').map((c) => c.args);
    // Prismatic: the axis through anchor A (1, 0) from lower to upper limit, then anchor A to anchor B (2, 0).
    expect(seg[0]).toEqual([0.5, 0, 3, 0, DebugColor.joint]);
    expect(seg[1]).toEqual([1, 0, 2, 0, DebugColor.joint]);
    // Mouse: from the target to the dragged point on B.
    expect(seg[2].slice(0, 2)).toEqual([1, 6]);
    expect(seg[2][4]).toBe(DebugColor.mouse);
    // Pulley: each body to its ground anchor, and the two ground anchors.
    expect(seg.slice(3)).toEqual([
      [-3, 4, -3, 2, DebugColor.pulley],
      [3, 4, 3, 2, DebugColor.pulley],
      [-3, 4, 3, 4, DebugColor.pulley],
    ]);
    // Two anchor dots per joint, half a marker radius: a quarter of the 0.2 m boxes' smallest extent (the prismatic
    // joint's static body, which has no shapes, does not count).
    const dots = rec.of('circle');
    expect(dots).toHaveLength(6);
    expect(dots.every((d) => d.args[2] === 0.05)).toBe(true);
    expect(rec.of('point')).toHaveLength(0);
  });

  it('hands every polygon through one reused scratch array (no per-shape allocation)', () => {
    const w = createPhysicsWorld();
    for (let i = 0; i < 5; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 2 * i, y: 0 } });
      addShape(w, b, makeBox(0.5, 0.5));
    }
    const seen = new Set<Float64Array>();
    const xs: number[] = [];
    const drawer: DebugDrawer = {
      drawPolygon: (v, count) => {
        seen.add(v);
        expect(count).toBe(4);
        xs.push(Math.min(v[0], v[2], v[4], v[6]));
      },
      drawCircle: () => {},
      drawCapsule: () => {},
      drawSegment: () => {},
      drawPoint: () => {},
      drawTransform: () => {},
      drawAABB: () => {},
    };
    debugDraw(w, drawer);
    expect(seen.size).toBe(1);
    expect(xs.map((x) => Math.round(x * 1e9) / 1e9)).toEqual([-0.5, 1.5, 3.5, 5.5, 7.5]);
  });
});
