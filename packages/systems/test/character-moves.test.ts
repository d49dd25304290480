// Characters on terrain: slopes climbed or not by angle, sliding, stairs with and without autostep, snapping down
// slopes and stairs, walls, jumping, and what getCharacterState reports on flat ground, a slope and in the air.
import {
  createCharacter,
  getPosition,
  MOVER_SKIN,
  type PhysicsWorld,
  type BodyId,
  type CharacterId,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { addGround, world } from './helpers/scene.js';
import { addRamp, addStairs, characterGap, DEG, Walker } from './helpers/character-scenes.js';

/** The default capsule: radius 0.4, caps 0.5 from the centre; resting, its centre is 0.9 m + 2 skins above the floor. */
const REST = 0.9 + 2 * MOVER_SKIN;

function onFlat(
  def: Parameters<typeof createCharacter>[1] = {},
  x = 0,
): { w: PhysicsWorld; c: CharacterId; ground: BodyId } {
  const w = world();
  const ground = addGround(w);
  const c = createCharacter(w, { position: { x, y: REST }, ...def });
  return { w, c, ground };
}

describe('slopes', () => {
  it('walks up a 30° slope (climb angle 45°) at its walking speed across, grounded on it all the way', () => {
    const { w, c } = onFlat();
    const ramp = addRamp(w, 2, 0, 30 * DEG);
    const walker = new Walker(w, c);
    let onRamp = 0;
    for (let i = 0; i < 120; i++) {
      const before = walker.state.groundBody;
      const s = walker.step(3);
      expect(s.grounded).toBe(true);
      if (before === ramp && s.groundBody === ramp) {
        onRamp++;
        expect(s.groundNormal.x).toBeCloseTo(-Math.sin(30 * DEG), 9);
        expect(s.groundNormal.y).toBeCloseTo(Math.cos(30 * DEG), 9);
        // Along the slope, at its horizontal walking speed: it rises tan 30° per metre across.
        expect(s.translation.x).toBeCloseTo(3 / 60, 9);
        expect(s.translation.y).toBeCloseTo((3 / 60) * Math.tan(30 * DEG), 9);
      }
    }
    expect(onRamp).toBeGreaterThan(60);
    const p = getPosition(w, c);
    expect(p.x).toBeGreaterThan(5);
    expect(p.y).toBeGreaterThan(REST + (p.x - 2.5) * Math.tan(30 * DEG) - 0.05);
    // Resting on it at the rest gap.
    expect(characterGap(w, c)).toBeCloseTo(2 * MOVER_SKIN, 6);
  });

  it('stops at the foot of a 50° slope (climb angle 45°) and does not creep up it', () => {
    const { w, c } = onFlat();
    addRamp(w, 2, 0, 50 * DEG);
    const walker = new Walker(w, c);
    for (let i = 0; i < 60; i++) walker.step(3);
    const stopped = getPosition(w, c);
    for (let i = 0; i < 120; i++) {
      const s = walker.step(3);
      expect(s.grounded).toBe(true);
      expect(s.translation.x).toBe(0);
      expect(s.translation.y).toBe(0);
    }
    expect(getPosition(w, c)).toEqual(stopped);
    expect(stopped.y).toBeCloseTo(REST, 9);
    expect(characterGap(w, c)).toBeGreaterThanOrEqual(MOVER_SKIN);
  });

  it('climbs the same 50° slope when the climb angle allows it (55°)', () => {
    const { w, c } = onFlat({ maxSlopeClimbAngle: 55 * DEG, minSlopeSlideAngle: 55 * DEG });
    addRamp(w, 2, 0, 50 * DEG);
    const walker = new Walker(w, c);
    for (let i = 0; i < 90; i++) walker.step(3);
    expect(getPosition(w, c).y).toBeGreaterThan(REST + 1.5);
    expect(walker.state.grounded).toBe(true);
  });

  it('put on a 50° slope it slides down it (past the 45° slide angle), not grounded, sliding', () => {
    const w = world();
    addRamp(w, 0, 0, 50 * DEG);
    const n = { x: -Math.sin(50 * DEG), y: Math.cos(50 * DEG) };
    // Bottom cap centre 0.4 + 2 skins off the slope at 10 m along it.
    const along = { x: 10 * Math.cos(50 * DEG), y: 10 * Math.sin(50 * DEG) };
    const k = 0.4 + 2 * MOVER_SKIN;
    const c = createCharacter(w, { position: { x: along.x + k * n.x, y: along.y + k * n.y + 0.5 } });
    const walker = new Walker(w, c);
    let slid = 0;
    for (let i = 0; i < 30; i++) {
      const s = walker.step(0);
      expect(s.grounded).toBe(false);
      if (s.sliding) slid++;
      // Along the slope, never into it.
      expect(Math.abs(s.translation.x * n.x + s.translation.y * n.y)).toBeLessThan(1e-9);
      expect(characterGap(w, c)).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
    }
    expect(slid).toBeGreaterThan(25);
    expect(getPosition(w, c).y).toBeLessThan(along.y + k * n.y + 0.5 - 0.5);
  });

  it('stands still on a 40° slope it does not slide on (slide angle 45°), and slides on it at a slide angle of 30°', () => {
    for (const slide of [45, 30]) {
      const w = world();
      addRamp(w, 0, 0, 40 * DEG);
      const n = { x: -Math.sin(40 * DEG), y: Math.cos(40 * DEG) };
      const k = 0.4 + 2 * MOVER_SKIN;
      const start = { x: 5 * Math.cos(40 * DEG) + k * n.x, y: 5 * Math.sin(40 * DEG) + k * n.y + 0.5 };
      const c = createCharacter(w, { position: start, minSlopeSlideAngle: slide * DEG });
      const walker = new Walker(w, c);
      for (let i = 0; i < 60; i++) walker.step(0);
      const p = getPosition(w, c);
      if (slide === 45) {
        expect(walker.state.grounded).toBe(true);
        expect(walker.state.sliding).toBe(false);
        expect(p.x).toBeCloseTo(start.x, 6);
        expect(p.y).toBeCloseTo(start.y, 6);
      } else {
        // Walkable (40° < 45°) but slippery: not grounded, so the game's gravity slides it down.
        expect(walker.state.grounded).toBe(false);
        expect(walker.state.sliding).toBe(true);
        expect(p.y).toBeLessThan(start.y - 0.5);
      }
    }
  });
});

describe('stairs', () => {
  it('climbs stairs of 0.2 m risers with autostep (maxHeight 0.25), grounded on each step', () => {
    const { w, c } = onFlat({ autostep: { maxHeight: 0.25, minWidth: 0.1 } });
    addStairs(w, 1, 0.2, 0.5, 5);
    const walker = new Walker(w, c);
    let top = -1;
    for (let i = 0; i < 150; i++) {
      walker.step(3);
      if (top < 0 && getPosition(w, c).y > 1 + REST - 1e-6) top = i;
    }
    // On the top: five risers up, resting, past the last step's edge; there within a second and a half (the flat
    // walk and the stairs, 3.5 m across, take 1.2 s at 3 m/s).
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(90);
    expect(getPosition(w, c).x).toBeGreaterThan(4);
    expect(getPosition(w, c).y).toBeCloseTo(1 + REST, 6);
    expect(walker.state.grounded).toBe(true);
  });

  it('is blocked by a 0.2 m riser without autostep, resting against its edge', () => {
    const { w, c } = onFlat({ autostep: false });
    addStairs(w, 1, 0.2, 0.5, 5);
    const walker = new Walker(w, c);
    for (let i = 0; i < 120; i++) walker.step(3);
    const p = getPosition(w, c);
    expect(p.y).toBeCloseTo(REST, 9);
    expect(p.x).toBeLessThan(1);
    expect(walker.state.translation).toEqual({ x: 0, y: 0 });
    expect(characterGap(w, c)).toBeCloseTo(2 * MOVER_SKIN, 6);
  });

  it('does not climb a 0.4 m step with autostep maxHeight 0.25', () => {
    const { w, c } = onFlat({ autostep: { maxHeight: 0.25, minWidth: 0.1 } });
    addStairs(w, 1, 0.4, 0.5, 2);
    const walker = new Walker(w, c);
    for (let i = 0; i < 120; i++) walker.step(3);
    expect(getPosition(w, c).y).toBeCloseTo(REST, 9);
    // Against the riser: the step's corner, 5 mm below the cap's centre, is the rest gap away.
    expect(getPosition(w, c).x).toBeCloseTo(1 - Math.sqrt((0.4 + 2 * MOVER_SKIN) ** 2 - (2 * MOVER_SKIN) ** 2), 7);
    expect(characterGap(w, c)).toBeCloseTo(2 * MOVER_SKIN, 7);
  });

  it('does not step onto a landing narrower than minWidth', () => {
    const { w, c } = onFlat({ autostep: { maxHeight: 0.25, minWidth: 0.3 } });
    // A 0.2 m step whose top is 0.2 m deep, then a wall.
    addStairs(w, 1, 0.2, 0.2, 1);
    addStairs(w, 1.2, 2, 1, 1);
    const walker = new Walker(w, c);
    for (let i = 0; i < 90; i++) walker.step(3);
    expect(getPosition(w, c).y).toBeCloseTo(REST, 9);
  });
});

describe('snapping to the ground', () => {
  it('walks down 0.2 m stairs grounded every step with snapToGround 0.3', () => {
    const w = world();
    addGround(w);
    addStairs(w, -4, 0.2, 0.6, 5);
    // Stairs rising to the right, the top from x = −1.6 on: start on the top, walk left down them.
    const c = createCharacter(w, { position: { x: 0, y: 1 + REST }, snapToGround: 0.3 });
    const walker = new Walker(w, c);
    walker.step(0);
    for (let i = 0; i < 150; i++) {
      const s = walker.step(-3);
      expect(s.grounded).toBe(true);
      expect(characterGap(w, c)).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
    }
    expect(getPosition(w, c).y).toBeCloseTo(REST, 6);
    expect(getPosition(w, c).x).toBeLessThan(-5);
  });

  it('leaves the stairs airborne without snapToGround', () => {
    const w = world();
    addGround(w);
    addStairs(w, -4, 0.2, 0.6, 5);
    const c = createCharacter(w, { position: { x: 0, y: 1 + REST }, snapToGround: false });
    const walker = new Walker(w, c);
    walker.step(0);
    let airborne = 0;
    for (let i = 0; i < 150; i++) if (!walker.step(-3).grounded) airborne++;
    expect(airborne).toBeGreaterThan(5);
  });

  it('walks down a 30° slope grounded every step, onto the flat at its foot', () => {
    const w = world();
    addGround(w);
    addRamp(w, 0, 0, 30 * DEG);
    const n = { x: -Math.sin(30 * DEG), y: Math.cos(30 * DEG) };
    const k = 0.4 + 2 * MOVER_SKIN;
    const c = createCharacter(w, { position: { x: 6 * Math.cos(30 * DEG) + k * n.x, y: 3 + k * n.y + 0.5 } });
    const walker = new Walker(w, c);
    walker.step(0);
    expect(walker.state.grounded).toBe(true);
    for (let i = 0; i < 150; i++) expect(walker.step(-4).grounded).toBe(true);
    expect(getPosition(w, c).y).toBeCloseTo(REST, 6);
  });
});

describe('walls, jumps and the reported state', () => {
  it('stops at a wall at the rest gap, never closer than the skin, at any speed', () => {
    for (const speed of [2, 20, 200]) {
      const { w, c } = onFlat();
      addStairs(w, 3, 3, 1, 1);
      const walker = new Walker(w, c);
      for (let i = 0; i < 120; i++) {
        walker.step(speed);
        expect(characterGap(w, c)).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
      }
      expect(getPosition(w, c).x).toBeCloseTo(3 - 0.4 - 2 * MOVER_SKIN, 6);
      expect(characterGap(w, c)).toBeCloseTo(2 * MOVER_SKIN, 6);
    }
  });

  it('keeps a wider skin when told: rests at twice it', () => {
    const { w, c } = onFlat({ skin: 0.02 }, 0);
    addStairs(w, 3, 3, 1, 1);
    const walker = new Walker(w, c);
    for (let i = 0; i < 120; i++) walker.step(4);
    expect(getPosition(w, c).x).toBeCloseTo(3 - 0.4 - 0.04, 6);
  });

  it('a jump (an upward translation) leaves the ground; it lands and is grounded again', () => {
    const { w, c } = onFlat();
    const walker = new Walker(w, c);
    walker.step(0);
    expect(walker.state.grounded).toBe(true);
    const s = walker.step(0, 5);
    expect(s.grounded).toBe(false);
    expect(s.groundBody).toBe(null);
    expect(s.translation.y).toBeCloseTo(5 / 60, 12);
    let air = 1;
    while (!walker.step(0).grounded) air++;
    // Up and down at 5 m/s under 10 m/s²: about a second.
    expect(air).toBeGreaterThan(55);
    expect(air).toBeLessThan(65);
    expect(getPosition(w, c).y).toBeCloseTo(REST, 6);
  });

  it('reports the ground: flat (normal up, the ground body), a slope (its normal and body), the air (none)', () => {
    const { w, c, ground } = onFlat();
    const walker = new Walker(w, c);
    let s = walker.step(0);
    expect(s).toEqual({
      grounded: true,
      groundNormal: { x: expect.closeTo(0, 12), y: expect.closeTo(1, 12) },
      groundBody: ground,
      sliding: false,
      translation: { x: 0, y: 0 },
    });
    const w2 = world();
    const ramp = addRamp(w2, 0, 0, 20 * DEG);
    const n = { x: -Math.sin(20 * DEG), y: Math.cos(20 * DEG) };
    const k = 0.4 + 2 * MOVER_SKIN;
    const c2 = createCharacter(w2, { position: { x: 3 + k * n.x, y: 3 * Math.tan(20 * DEG) + k * n.y + 0.5 } });
    s = new Walker(w2, c2).step(0);
    expect(s.grounded).toBe(true);
    expect(s.groundBody).toBe(ramp);
    expect(s.groundNormal.x).toBeCloseTo(n.x, 9);
    expect(s.groundNormal.y).toBeCloseTo(n.y, 9);
    const w3 = world();
    const c3 = createCharacter(w3, { position: { x: 0, y: 10 } });
    s = new Walker(w3, c3).step(0);
    expect(s).toEqual({
      grounded: false,
      groundNormal: { x: 0, y: 0 },
      groundBody: null,
      sliding: false,
      translation: { x: 0, y: expect.closeTo(-10 / 3600, 12) },
    });
  });
});
