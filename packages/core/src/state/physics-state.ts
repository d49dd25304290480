import { addComponent, removeComponent, type World } from 'bitecs';
import { BodyStore, type TransformColumns } from './body-store.js';
import { CharacterStore } from './character-store.js';
import { BroadPhase } from '../broadphase/broadphase.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { EventStore } from './event-store.js';
import { ContactStore } from './contact-store.js';
import type { PreSolveFn } from './contact-view.js';
import { JointStore } from './joint-store.js';
import { createManifold } from '../collision/manifold.js';
import { PhysicsError } from '../errors.js';
import { ShapeStore } from './shape-store.js';
import { SolverData } from '../solver/solver-data.js';
import { StepProfile } from './profile.js';
import { WORLD_SETTINGS_CODEC, type WorldDef } from './world-def.js';
import { TOL_COUNT, writeTolerances } from './length-tolerances.js';
import type { BodyId, ShapeId } from '../handles.js';

/**
 * Decides whether two shapes whose bounding boxes begin to overlap may collide (setPairFilter): called once when the
 * pair is found (never per step), after the shapes' collision filters accepted it; return false to keep them apart.
 * It runs inside the step, so it must not change the world (such calls throw WORLD_LOCKED).
 */
export type PairFilter = (bodyA: BodyId, bodyB: BodyId, shapeA: ShapeId, shapeB: ShapeId) => boolean;

/**
 * Combines two shapes' friction coefficients or restitutions into a contact's (setFrictionCallback,
 * setRestitutionCallback), as Box2D's b2FrictionCallback: each shape's value and user material id (ShapeDef
 * userMaterialId). Called when two shapes begin to touch and when a material, rule or callback changes (never per
 * step), in an order that depends only on the world's history; it must return a finite number ≥ 0 (anything else
 * counts as 0) and must not change the world.
 */
export type MaterialMixer = (
  valueA: number,
  userMaterialIdA: number,
  valueB: number,
  userMaterialIdB: number,
) => number;

/** Marker component: the entity is a rigid body of this world. */
export interface BodyComponent {
  readonly store: BodyStore;
}

/**
 * Everything physics keeps for one world. Nothing is module-global, so two worlds in one process share nothing.
 * The settings (WORLD_SETTINGS in world-def.ts) are plain fields, defined by the base class, read by the stages; the
 * stores hold the SoA columns.
 */
export class PhysicsState extends WORLD_SETTINGS_CODEC.stateClass() {
  readonly bodies = new BodyStore();
  readonly shapes = new ShapeStore();
  readonly contacts = new ContactStore();
  /** Joint rows, body joint-edge lists and the joint solver records. */
  readonly joints = new JointStore();
  /** Character rows: settings and state of the characters, which the character stage moves each step. */
  readonly characters = new CharacterStore();
  readonly broadphase = new BroadPhase();
  readonly solverData = new SolverData();
  readonly profile = new StepProfile();
  /** Events of the last step (flat arrays, valid until the next step). */
  readonly events = new EventStore();
  /** Scratch stack of the island walks (waking and putting islands to sleep). */
  readonly islandStack = new IntBuffer();
  /** Scratch manifold written by the collision routines. */
  readonly manifold = createManifold();
  /** Scratch pose of a shape pair for the collision routines: [xA, yA, cA, sA, xB, yB, cB, sB]. */
  readonly pose = new Float64Array(8);
  /** The length tolerances of these settings (TOL_* of length-tolerances.ts), kept by settingsChanged. */
  readonly tolerances = new Float64Array(TOL_COUNT);
  /** bitecs components that mark body entities, so user systems can query bodies: query(world, [Body, Transform]). */
  readonly Body: BodyComponent;
  readonly Transform: TransformColumns;
  /** Zero-copy transform columns (same object as Transform). */
  readonly transform: TransformColumns;
  /** The user's pair filter (setPairFilter), or null. */
  pairFilter: PairFilter | null = null;
  /** The user's friction and restitution mixing callbacks (setFrictionCallback, setRestitutionCallback), or null. */
  frictionCallback: MaterialMixer | null = null;
  restitutionCallback: MaterialMixer | null = null;
  /** The user's pre-solve callback (setPreSolve), or null. Not part of snapshots. */
  preSolve: PreSolveFn | null = null;
  /** True when the bitecs world's entity ids carry a version (createEntityIndex(withVersioning(…))); see body-handle.ts. */
  versioned = false;
  /** Mask that strips an entity id's version bits: the index of the body/joint columns. */
  indexMask = 0xffffff;
  /** Where the generation starts in a handle (2^versionShift = one generation). */
  versionSpan = 0x1000000;
  /** True while a step runs: API calls that change the world throw WORLD_LOCKED. */
  locked = false;
  /**
   * Body and joint entities that bitecs removed while a step ran (removeEntity from a system in the pipeline): their
   * physics is torn down when the step ends (flushRemovedEntities). Joints are stored as −1 − eid.
   */
  readonly removedWhileLocked: number[] = [];
  /** Unsubscribes the bitecs observers that watch for removed body and joint entities. */
  stopWatching: (() => void) | null = null;
  /** Number of steps taken. */
  stepIndex = 0;
  /** Substeps of the step in progress (1 in classic mode), and when it started (performance.now(), ms). */
  stepSubSteps = 1;
  stepStartTime = 0;
  /**
   * Counts changes of the settings (applyDef, a snapshot restore). With the step length and substeps (paramsDt,
   * paramsSubSteps), it tells the step whether the solver's per-step scalars must be computed again (systems'
   * step.ts): the step compares these and computes nothing while they hold, which keeps it from boxing doubles in its
   * once-a-step code before V8 optimises it (hundreds of bytes a step on big scenes for their first thousands of steps).
   */
  settingsVersion = 0;
  /** The step length and substeps the solver's scalars were last computed for (null: never). */
  paramsDt: number | null = null;
  paramsSubSteps = 0;
  paramsSettingsVersion = -1;

  constructor(def: WorldDef) {
    super();
    this.applyDef(def);
    this.Body = { store: this.bodies };
    this.Transform = this.bodies.transform;
    this.transform = this.bodies.transform;
  }

  /** Copies a validated definition into the settings fields. */
  applyDef(def: WorldDef): void {
    WORLD_SETTINGS_CODEC.apply(this, def);
    this.settingsChanged();
  }

  /** After the settings fields changed (applyDef, a snapshot restore): what is derived from them follows. */
  settingsChanged(): void {
    this.settingsVersion++;
    writeTolerances(this.tolerances, this.lengthUnitsPerMeter, this.speculativeDistance);
  }

  /** The current settings as a definition. */
  toDef(): WorldDef {
    return WORLD_SETTINGS_CODEC.read(this);
  }
}

/** A bitecs world with physics attached. */
export type PhysicsWorld = World<{ physics: PhysicsState }>;

/** Throws PhysicsError INVALID_ARGUMENT naming the first setting whose value is not allowed (WORLD_SETTINGS). */
function validateWorldDef(def: WorldDef): void {
  WORLD_SETTINGS_CODEC.validate(def);
}

/**
 * The defaults merged with `def`, validated (PhysicsError on a bad field). The length and speed defaults follow the
 * definition's lengthUnitsPerMeter (WorldDef).
 */
export function mergeWorldDef(def: Partial<WorldDef> | undefined): WorldDef {
  const merged = { ...WORLD_SETTINGS_CODEC.defaults(def), ...(def ?? {}) };
  validateWorldDef(merged);
  return merged;
}

/** The physics state of a world, or a typed error when the world has none. */
export function getPhysics(world: PhysicsWorld): PhysicsState {
  const p = (world as { physics?: unknown } | null | undefined)?.physics;
  if (!(p instanceof PhysicsState)) {
    throw new PhysicsError('INVALID_ARGUMENT', 'not a physics world (use createPhysicsWorld or attachPhysics)');
  }
  return p;
}

export function assertUnlocked(p: PhysicsState): void {
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'the world cannot be changed while a step is running');
}

/** Marks a new body entity with the Body and Transform components. */
export function tagBodyEntity(world: PhysicsWorld, eid: number): void {
  const p = world.physics;
  addComponent(world, eid, p.Body);
  addComponent(world, eid, p.Transform);
}

/** Removes the Body and Transform components (the body was destroyed but its entity is kept). */
export function untagBodyEntity(world: PhysicsWorld, eid: number): void {
  const p = world.physics;
  removeComponent(world, eid, p.Body, p.Transform);
}

/** Reads how the world's bitecs entity index splits an id into index and version (see body-handle.ts). */
export function configureHandles(world: object, p: PhysicsState): void {
  const ctx = (world as Record<symbol, { entityIndex?: BitecsEntityIndex } | undefined>)[Symbol.for('bitecs_internal')];
  const index = ctx?.entityIndex;
  if (index === undefined) return;
  p.versioned = index.versioning;
  p.indexMask = index.entityMask;
  p.versionSpan = 2 ** index.versionShift;
}

/** The fields of bitecs 0.4's entity index that handles depend on. */
interface BitecsEntityIndex {
  versioning: boolean;
  entityMask: number;
  versionShift: number;
}
