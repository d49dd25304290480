import type { BodyTypeName } from '../state/body-store.js';
import type { Vec2Like } from '../math/vec2.js';

/**
 * Which of a body's degrees of freedom are locked (Box2D v3's motion locks): a locked linear axis (world x or y)
 * keeps the body from moving along it, a locked angle keeps it from turning. Every field defaults to false.
 */
export interface MotionLocks {
  /** No motion along world x. */
  linearX: boolean;
  /** No motion along world y. */
  linearY: boolean;
  /** No rotation (the same as setFixedRotation). */
  angular: boolean;
}

/** A body's default sleep threshold in a world in metres (m/s): BodyDef.sleepThreshold. */
export const DEFAULT_SLEEP_THRESHOLD = 0.05;

/** Body definition. Every field has a default (defaultBodyDef); SI units. */
export interface BodyDef {
  /** 'static' never moves; 'kinematic' moves by its velocity only; 'dynamic' responds to forces. Default 'static'. */
  type: BodyTypeName;
  /** World position of the body origin (m). Default (0, 0). */
  position: Vec2Like;
  /** Rotation (rad, counter-clockwise). Default 0. */
  angle: number;
  /** Linear velocity of the body origin (m/s). Default (0, 0). */
  linearVelocity: Vec2Like;
  /** Angular velocity (rad/s). Default 0. */
  angularVelocity: number;
  /** Linear damping (1/s). Default 0. */
  linearDamping: number;
  /** Angular damping (1/s). Default 0. */
  angularDamping: number;
  /** Multiplies world gravity. Default 1. */
  gravityScale: number;
  /** Prevents rotation (infinite inertia): shorthand for motionLocks.angular. Default false. */
  fixedRotation: boolean;
  /**
   * Motion locks (setMotionLocks): fields left out are false; the body's rotation is locked when `angular` or
   * fixedRotation is true. Default none locked.
   */
  motionLocks: Partial<MotionLocks>;
  /** Continuous collision against dynamic bodies too (for small fast bodies). Default false. */
  isBullet: boolean;
  /** This body may fall asleep. Default true. */
  enableSleep: boolean;
  /** Start awake. Default true. */
  isAwake: boolean;
  /**
   * Speed (m/s) below which the body counts as resting for sleep (also applied to |w|·extent). Default 0.05 × the
   * world's lengthUnitsPerMeter.
   */
  sleepThreshold: number;
}

/**
 * A fresh default body definition: static at the origin, angle 0, at rest, gravity scale 1, no damping, may sleep.
 */
export function defaultBodyDef(): BodyDef {
  return {
    type: 'static',
    position: { x: 0, y: 0 },
    angle: 0,
    linearVelocity: { x: 0, y: 0 },
    angularVelocity: 0,
    linearDamping: 0,
    angularDamping: 0,
    gravityScale: 1,
    fixedRotation: false,
    motionLocks: { linearX: false, linearY: false, angular: false },
    isBullet: false,
    enableSleep: true,
    isAwake: true,
    sleepThreshold: DEFAULT_SLEEP_THRESHOLD,
  };
}
