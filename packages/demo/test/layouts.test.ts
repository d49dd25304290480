import { describe, expect, it } from 'vitest';
import { characterLayout, layouts, spinnerLoopPoints } from '../src/scenes/layouts/index.js';
import { checkCorrectness } from '../src/bench/correctness.js';
import { parseCliArgs } from '../src/bench/cli-args.js';

const layoutOf = (name: string) => layouts[name].layout();

describe('benchmark layouts follow BENCHMARKS.md', () => {
  it('large_pyramid has 5050 boxes on a (100, 1) ground, top box at y = 99.5', () => {
    const l = layoutOf('large_pyramid');
    expect(l.boxes.positions.length / 2).toBe(5050);
    expect(l.statics).toEqual([{ x: 0, y: -1, shapes: [{ kind: 'box', hx: 100, hy: 1 }] }]);
    const top = l.probes[0];
    expect(l.boxes.positions[2 * top]).toBe(0);
    expect(l.boxes.positions[2 * top + 1]).toBe(99.5);
    expect([l.boxes.hx, l.boxes.density, l.boxes.friction]).toEqual([0.5, 1, 0.6]);
  });

  it('many_pyramids has 22,000 boxes, 20 segments and a probe on each of 400 pyramid tops', () => {
    const l = layoutOf('many_pyramids');
    expect(l.boxes.positions.length / 2).toBe(22000);
    expect(l.statics).toHaveLength(1);
    expect(l.statics[0].shapes).toHaveLength(20);
    expect(l.probes).toHaveLength(400);
    for (let k = 0; k < 20; k++) {
      for (let j = 0; j < 20; j++) {
        const n = l.probes[k * 20 + j];
        expect(l.boxes.positions[2 * n + 1]).toBe(9.5 + 11 * k);
        expect(l.boxes.positions[2 * n]).toBeCloseTo(-110 + 11 * j + 1 + 4.5, 12);
      }
    }
  });

  it('no two boxes of a pyramid layout overlap', () => {
    for (const name of ['pyramid', 'many_pyramids']) {
      const p = layoutOf(name).boxes.positions;
      const seen = new Set<string>();
      for (let n = 0; n < p.length / 2; n++) seen.add(`${p[2 * n].toFixed(3)},${p[2 * n + 1].toFixed(3)}`);
      expect(seen.size).toBe(p.length / 2);
    }
  });
});

describe('per-engine layouts', () => {
  it('joint_grid tracks the 9993 dynamic bodies and probes the bottom-row middle one at (50, -99)', () => {
    const l = layoutOf('joint_grid');
    expect(l.boxes.positions.length / 2).toBe(9993);
    const n = l.probes[0];
    expect([l.boxes.positions[2 * n], l.boxes.positions[2 * n + 1]]).toEqual([50, -99]);
  });

  it('tumbler tracks 2025 boxes and smash the big box then 9600 sleeping ones', () => {
    expect(layoutOf('tumbler').boxes.positions.length / 2).toBe(2025);
    const s = layoutOf('smash');
    expect(s.boxes.positions.length / 2).toBe(9601);
    expect([s.boxes.positions[0], s.boxes.positions[1], s.sleep, s.gravity.y]).toEqual([-20, 0, true, 0]);
  });

  it("spinner tracks Box2D's 6076 bodies from (-23, 2) in rows of 92, inside a clockwise 360-point loop", () => {
    const l = layoutOf('spinner');
    const p = l.boxes.positions;
    expect(p.length / 2).toBe(6076);
    expect([p[0], p[1], p[2 * 91], p[2 * 92], p[2 * 92 + 1]]).toEqual([-23, 2, 22.5, -23, 2.5]);
    const loop = spinnerLoopPoints();
    expect(loop.length / 2).toBe(360);
    expect([loop[0], loop[1]]).toEqual([40, 32]);
    // A quarter turn clockwise from (40, 32) is the bottom of the loop, (0, -8).
    expect(loop[2 * 90]).toBeCloseTo(0, 9);
    expect(loop[2 * 90 + 1]).toBeCloseTo(-8, 9);
    for (let k = 0; k < 360; k++) expect(Math.hypot(loop[2 * k], loop[2 * k + 1] - 32)).toBeCloseTo(40, 9);
  });
});

describe('the characters layout', () => {
  const c = characterLayout;

  it('1,000 characters in 20 lanes of 50, each starting just above the ground under it, clear of every box', () => {
    const starts = c.characterStarts();
    expect(starts.length / 2).toBe(1000);
    const profile = c.terrainPoints();
    const boxes = c.laneBoxes();
    // The chain runs right to left (its solid side below) over the whole lane.
    expect([profile[0], profile[profile.length - 2]]).toEqual([c.LANE_LENGTH, 0]);
    for (let k = 2; k < profile.length; k += 2) expect(profile[k]).toBeLessThan(profile[k - 2]);
    const bottom = c.CHARACTER_RADIUS + c.CHARACTER_HALF_HEIGHT;
    for (let i = 0; i < 1000; i++) {
      const lane = Math.floor(i / 50);
      const x = starts[2 * i];
      const feet = starts[2 * i + 1] - lane * c.LANE_SPACING - bottom;
      // Above the chain under it …
      for (let k = 2; k < profile.length; k += 2) {
        const [x1, y1, x0, y0] = [profile[k - 2], profile[k - 1], profile[k], profile[k + 1]];
        if (x >= x0 && x <= x1) expect(feet).toBeGreaterThan(y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
      }
      // … and over every box, or beside it.
      for (let k = 0; k < boxes.length; k += 4) {
        if (Math.abs(x - boxes[k]) < boxes[k + 2] + c.CHARACTER_RADIUS) {
          expect(feet).toBeGreaterThan(boxes[k + 1] + boxes[k + 3]);
        }
      }
      expect(feet).toBeLessThan(2.1);
    }
  });

  it('the script: all turn round together every 150 steps, jump from the ground at their own steps, fall otherwise', () => {
    const out = new Float64Array(2);
    const vy = new Float64Array(4);
    c.characterMove(3, 0, true, vy, out);
    expect(out[0]).toBe(c.WALK_SPEED);
    c.characterMove(3, 150, true, vy, out);
    expect(out[0]).toBe(-c.WALK_SPEED);
    c.characterMove(0, 0, true, vy, out);
    expect([out[1], vy[0]]).toEqual([c.JUMP_SPEED, c.JUMP_SPEED]);
    vy[1] = 2;
    c.characterMove(1, 0, true, vy, out);
    expect([out[1], vy[1]]).toEqual([0, 0]);
    vy[1] = 2;
    c.characterMove(1, 0, false, vy, out);
    expect(out[1]).toBeCloseTo(2 - 10 / 60, 12);
    expect(vy[1]).toBe(out[1]);
  });
});

describe('correctness check', () => {
  it('joint_grid: fails when the probe moved 120 m or more; tumbler: when a box left the frame', () => {
    const g = layoutOf('joint_grid');
    const p = Float64Array.from(g.boxes.positions);
    expect(checkCorrectness(g, p).ok).toBe(true);
    p[2 * g.probes[0] + 1] -= 121;
    expect(checkCorrectness(g, p)).toMatchObject({ ok: false, check: 'moved', fallen: 1 });
    const t = layoutOf('tumbler');
    const q = Float64Array.from(t.boxes.positions);
    expect(checkCorrectness(t, q).ok).toBe(true);
    q[0] = -14;
    expect(checkCorrectness(t, q)).toMatchObject({ ok: false, check: 'near', fallen: 1 });
  });

  it('spinner: fails when a body ended outside the loop (more than 40 m from (0, 32))', () => {
    const l = layoutOf('spinner');
    const p = Float64Array.from(l.boxes.positions);
    expect(checkCorrectness(l, p).ok).toBe(true);
    p[2 * 100 + 1] = -8.5;
    p[2 * 100] = 0;
    expect(checkCorrectness(l, p)).toMatchObject({ ok: false, check: 'near', fallen: 1 });
  });

  it('passes a standing pyramid and fails one whose top dropped more than 2% of its height (0.4 m at 20 rows) or went NaN', () => {
    const l = layoutOf('pyramid');
    const moved = Float64Array.from(l.boxes.positions);
    expect(checkCorrectness(l, moved).ok).toBe(true);
    moved[2 * l.probes[0] + 1] -= 0.6;
    expect(checkCorrectness(l, moved)).toMatchObject({ ok: false, fallen: 1 });
    moved[0] = NaN;
    expect(checkCorrectness(l, moved)).toMatchObject({ ok: false, finite: false });
  });
});

describe('bench CLI arguments', () => {
  it('defaults to the seven benchmark scenes against box2d3-wasm and rapier-simd (--full: and planck), ours first', () => {
    const a = parseCliArgs([]);
    expect(a.scenes).toEqual([
      'large_pyramid',
      'many_pyramids',
      'joint_grid',
      'tumbler',
      'smash',
      'spinner',
      'circle_rain',
    ]);
    expect(a.engines).toEqual(['impulse2d', 'box2d3-wasm', 'rapier-simd']);
    expect(parseCliArgs(['--full']).engines).toEqual(['impulse2d', 'box2d3-wasm', 'planck', 'rapier-simd']);
    expect(a.defaultPeers).toBe(true);
    expect(a.solver).toBe('soft');
    expect(parseCliArgs(['--vs', 'planck,rapier-simd']).defaultPeers).toBe(false);
  });

  it('passes through a leading -- from pnpm and reads lists', () => {
    const a = parseCliArgs(['--', '--scene', 'large_pyramid', '--vs', 'all', '--steps', '60']);
    expect(a.scenes).toEqual(['large_pyramid']);
    expect(a.engines).toHaveLength(11);
    expect(a.engines).toContain('impulse2d-mt');
    expect(a.steps).toBe(60);
    expect(a.threads).toBe(2);
    expect(parseCliArgs(['--threads', '3']).threads).toBe(3);
    // One count for both threaded entries, counted as Box2D counts it: the old --workers is gone.
    expect(() => parseCliArgs(['--workers', '1'])).toThrow(/workers/);
  });

  it('runs only the batch when --headless-batch is given without --scene', () => {
    const a = parseCliArgs(['--headless-batch', '16', '--vs', 'none']);
    expect(a.scenes).toEqual([]);
    expect(a.batch).toBe(16);
    expect(a.engines).toEqual(['impulse2d']);
  });

  it('rejects an unknown engine', () => {
    expect(() => parseCliArgs(['--vs', 'bullet'])).toThrow(/unknown engine 'bullet'/);
  });
});
