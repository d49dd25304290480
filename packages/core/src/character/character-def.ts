import { checkFinite, checkVec2, PhysicsError } from '../errors.js';
import type { Vec2Like } from '../math/vec2.js';
import { MOVER_SKIN } from '../queries/mover-world.js';
import { defaultFilter, type FilterDef } from '../shape/shape-def.js';

/** Autostep of a character: the obstacles it steps up onto by itself while walking. */
export interface CharacterAutostep {
  /** Highest step it climbs (m, > 0), measured from its feet to the top of the step. */
  maxHeight: number;
  /** Narrowest landing it steps onto (m, ≥ 0): the top of the step must run on at least this far past its edge. */
  minWidth: number;
}

/**
 * The settings of a character that may change after creation (setCharacterSettings). Lengths in m, angles in rad
 * measured from the up direction, mass in kg.
 */
export interface CharacterSettings {
  /** Steepest slope it walks up (rad, 0 to π/2). Steeper surfaces are walls to it: they never lift it. Default π/4. */
  maxSlopeClimbAngle: number;
  /**
   * On slopes steeper than this (rad, 0 to π/2) it slides down when it does not walk; on gentler ones it stands
   * still against gravity. Default π/4.
   */
  minSlopeSlideAngle: number;
  /** Steps it climbs by itself, or false. Default false. */
  autostep: CharacterAutostep | false;
  /**
   * Distance (m, > 0) over which a character that was on the ground and is not moving up is pulled back down onto
   * it (walking down a slope or a stair), or false. Default 0.2.
   */
  snapToGround: number | false;
  /**
   * Gap (m, > 0) it never comes closer than to a surface; it rests at twice the skin and counts surfaces within four
   * times the skin as touching. Default MOVER_SKIN (2.5 mm).
   */
  skin: number;
  /** Pushes the dynamic bodies it walks into and weighs on the one it stands on. Default true. */
  pushBodies: boolean;
  /** Mass (kg, > 0) its pushes and its weight are reckoned with; its body itself is kinematic. Default 80. */
  mass: number;
  /**
   * Largest force (N, > 0) it pushes a body with, as a walker's feet can push only so hard: a crate whose friction
   * holds more stays put. Default 800 (80 kg × 10 m/s²).
   */
  pushForce: number;
  /**
   * Collision filter of its capsule: what it collides with (maskBits against the shapes' categories), what collides
   * with it (its categoryBits), and a group for the contacts of its body (the character's own moves ignore groups).
   * Default defaultFilter().
   */
  filter: FilterDef;
}

/** Character definition: where and how big the capsule is, and its settings. */
export interface CharacterDef extends CharacterSettings {
  /** Centre of the capsule (m, world): the body origin. Default (0, 0). */
  position: Vec2Like;
  /** Radius of the capsule (m, > 0). Default 0.4. */
  radius: number;
  /** Distance from the centre to the centre of each cap (m, ≥ 0; 0 makes a circle). Default 0.5. */
  halfHeight: number;
  /** The direction that is up for it (any length but zero): its capsule's axis and what slopes are measured from. Default (0, 1). */
  up: Vec2Like;
}

/** A character definition as createCharacter takes it: every field optional, the filter too. */
export type CharacterDefInput = Partial<Omit<CharacterDef, 'filter'>> & { filter?: Partial<FilterDef> };

/** A character settings change as setCharacterSettings takes it: the fields to change. */
export type CharacterSettingsInput = Partial<Omit<CharacterSettings, 'filter'>> & { filter?: Partial<FilterDef> };

/**
 * A fresh default character definition: a capsule of radius 0.4 m and 1.8 m tall at the origin, up +y, climbing
 * and sliding at 45°, no autostep, snapping down 0.2 m, skin 2.5 mm, pushing bodies as 80 kg with up to 800 N,
 * default filter.
 */
export function defaultCharacterDef(): CharacterDef {
  return {
    position: { x: 0, y: 0 },
    radius: 0.4,
    halfHeight: 0.5,
    up: { x: 0, y: 1 },
    maxSlopeClimbAngle: Math.PI / 4,
    minSlopeSlideAngle: Math.PI / 4,
    autostep: false,
    snapToGround: 0.2,
    skin: MOVER_SKIN,
    pushBodies: true,
    mass: 80,
    pushForce: 800,
    filter: defaultFilter(),
  };
}

const HALF_PI = Math.PI / 2;

function checkPositive(value: number, what: string): void {
  checkFinite(value, what);
  if (!(value > 0)) throw new PhysicsError('INVALID_ARGUMENT', `${what} must be > 0, got ${value}`);
}

function checkAngle(value: number, what: string): void {
  checkFinite(value, what);
  if (!(value >= 0 && value <= HALF_PI)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be an angle in [0, π/2] rad, got ${value}`);
  }
}

function checkFilter(f: FilterDef): void {
  if (f === null || typeof f !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `filter must be an object, got ${String(f)}`);
  }
  for (const key of ['categoryBits', 'maskBits', 'groupIndex'] as const) {
    const v = f[key];
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      throw new PhysicsError('INVALID_ARGUMENT', `filter.${key} must be an integer, got ${String(v)}`);
    }
  }
}

/** Throws INVALID_ARGUMENT naming the first bad field of `s`. */
export function validateCharacterSettings(s: CharacterSettings): void {
  checkAngle(s.maxSlopeClimbAngle, 'maxSlopeClimbAngle');
  checkAngle(s.minSlopeSlideAngle, 'minSlopeSlideAngle');
  const step = s.autostep;
  if (step !== false) {
    if (step === null || typeof step !== 'object') {
      throw new PhysicsError(
        'INVALID_ARGUMENT',
        `autostep must be { maxHeight, minWidth } or false, got ${String(step)}`,
      );
    }
    checkPositive(step.maxHeight, 'autostep.maxHeight');
    checkFinite(step.minWidth, 'autostep.minWidth');
    if (!(step.minWidth >= 0)) {
      throw new PhysicsError('INVALID_ARGUMENT', `autostep.minWidth must be >= 0, got ${step.minWidth}`);
    }
  }
  if (s.snapToGround !== false) checkPositive(s.snapToGround, 'snapToGround (a distance, or false)');
  checkPositive(s.skin, 'skin');
  if (typeof s.pushBodies !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `pushBodies must be a boolean, got ${String(s.pushBodies)}`);
  }
  checkPositive(s.mass, 'mass');
  checkPositive(s.pushForce, 'pushForce');
  checkFilter(s.filter);
}

/** Throws INVALID_ARGUMENT naming the first bad field of `d`. */
export function validateCharacterDef(d: CharacterDef): void {
  checkVec2(d.position, 'position');
  checkPositive(d.radius, 'radius');
  checkFinite(d.halfHeight, 'halfHeight');
  if (!(d.halfHeight >= 0)) throw new PhysicsError('INVALID_ARGUMENT', `halfHeight must be >= 0, got ${d.halfHeight}`);
  checkVec2(d.up, 'up');
  const len = Math.sqrt(d.up.x * d.up.x + d.up.y * d.up.y);
  if (!(len > 1e-9 && len < Infinity)) {
    throw new PhysicsError('INVALID_ARGUMENT', `up must be a direction (non-zero), got (${d.up.x}, ${d.up.y})`);
  }
  validateCharacterSettings(d);
}
