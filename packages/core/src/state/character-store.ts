import { INITIAL_ROWS, type ColumnSpec, type Columns } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import type { BodyId, CharacterId, HandleColumn } from '../handles.js';

/** Per-character flag bits in `CharacterStore.flags`. */
export const CharacterFlag = {
  /** Pushes the dynamic bodies it walks into, and weighs on the one it stands on. */
  pushBodies: 1,
  /** Steps up obstacles (stepHeight, stepWidth). */
  autostep: 2,
  /** Stays on the ground when walking down slopes and stairs (snapDistance). */
  snapToGround: 4,
} as const;

/**
 * A push of a character on a dynamic body, written by the character stage's resolve pass and applied after it, in
 * character order (`CharacterStore.pushes`, PUSH_STRIDE floats a record, CHARACTER_MAX_PUSHES records a row).
 */
export const PUSH_BODY = 0; // column index of the body (an entity index)
export const PUSH_POINT_X = PUSH_BODY + 1; // where the impulse acts, world (m)
export const PUSH_POINT_Y = PUSH_POINT_X + 1;
export const PUSH_IMPULSE_X = PUSH_POINT_Y + 1; // impulse on the body (N s); zero for a body that is only touched
export const PUSH_IMPULSE_Y = PUSH_IMPULSE_X + 1;
export const PUSH_STRIDE = PUSH_IMPULSE_Y + 1;
/** Dynamic bodies a character pushes (or wakes) per step at most: the first ones in shape order. */
export const CHARACTER_MAX_PUSHES = 4;

/** Grown with the character rows and stored for each live row. */
const ROW = { rows: 'rows', snapshot: 'rows' } as const;

/**
 * The character columns (see storage/column-spec.ts for what an entry drives): dense rows in creation order with
 * swap-remove, so the character stage visits them in an order that depends only on the API call sequence, and
 * `rowOf`, indexed by body entity, to find a character's row. Settings first, then the state the step reads and
 * writes, then the stage's scratch. Angles are kept with their cosines, which the step compares against.
 */
export const CHARACTER_COLUMNS = {
  /** Column index of the character's kinematic body (its entity id without version bits). */
  body: { type: 'i32', ...ROW },
  /** The character's handle (its body's BodyId, as a CharacterId): what the API and the query filter name it by. */
  handle: { type: 'f64', ...ROW },
  /** Radius of the capsule (m). */
  radius: { type: 'f64', ...ROW },
  /** Distance from the capsule's centre (the body origin) to the centre of each cap (m). */
  halfHeight: { type: 'f64', ...ROW },
  /** Unit up direction x: the capsule's axis, what ground, slopes and steps are measured against. */
  upX: { type: 'f64', ...ROW },
  /** Unit up direction y. */
  upY: { type: 'f64', ...ROW },
  /** Steepest slope it walks up (rad from the up direction). */
  maxClimbAngle: { type: 'f64', ...ROW },
  /** cos(maxClimbAngle): a surface whose normal·up is at least this is walkable ground. */
  maxClimbCos: { type: 'f64', ...ROW },
  /** Slopes steeper than this (rad) slide it down. */
  minSlideAngle: { type: 'f64', ...ROW },
  /** cos(minSlideAngle): on a surface whose normal·up is at least this it does not slide. */
  minSlideCos: { type: 'f64', ...ROW },
  /** Highest step it climbs by itself (m), with CharacterFlag.autostep. */
  stepHeight: { type: 'f64', ...ROW },
  /** Narrowest landing it steps onto (m), with CharacterFlag.autostep. */
  stepWidth: { type: 'f64', ...ROW },
  /** Farthest it is pulled down to stay on the ground (m), with CharacterFlag.snapToGround. */
  snapDistance: { type: 'f64', ...ROW },
  /** Gap it never comes closer than to a surface (m); it rests at twice this. */
  skin: { type: 'f64', ...ROW },
  /** Mass (kg) its pushes and its weight are reckoned with. */
  mass: { type: 'f64', ...ROW },
  /** Largest force (N) it pushes a body with. */
  pushForce: { type: 'f64', ...ROW },
  /** CharacterFlag bits. */
  flags: { type: 'u8', ...ROW },
  /** Query filter: the categories the character is in (matched against the shapes' masks). */
  categoryBits: { type: 'u32', ...ROW },
  /** Query filter: the categories it collides with. */
  maskBits: { type: 'u32', ...ROW },
  /** The translation asked for the next step (m), by moveCharacter; the step consumes it. */
  desiredX: { type: 'f64', ...ROW },
  /** The translation asked for the next step, y (m). */
  desiredY: { type: 'f64', ...ROW },
  /** The translation applied in the last step (m): velocity × dt of its body. */
  translationX: { type: 'f64', ...ROW },
  /** The translation applied in the last step, y (m). */
  translationY: { type: 'f64', ...ROW },
  /** 1 when it ended the last step on ground it stands on (no steeper than its climb and slide angles). */
  grounded: { type: 'u8', ...ROW },
  /** 1 when it slid down a slope steeper than minSlideAngle in the last step. */
  sliding: { type: 'u8', ...ROW },
  /** Unit normal of the ground it stands on (or of the flattest surface under it), x; (0, 0) when none. */
  groundNormalX: { type: 'f64', ...ROW },
  /** Ground normal y. */
  groundNormalY: { type: 'f64', ...ROW },
  /** Closest point of that surface, world (m): where a moving ground carries it from. */
  groundPointX: { type: 'f64', ...ROW },
  /** Ground point y (m). */
  groundPointY: { type: 'f64', ...ROW },
  /** Handle of the body of that surface, -1 when none (float64: handles pass 2³¹). */
  groundBody: { type: 'f64', ...ROW, initial: -1 },
  /**
   * Row of a body entity's character, −1 when the body is no character. Indexed by body entity. Derived from `body`
   * on restore (snapshots would otherwise store 4 bytes for every entity of a world with few characters).
   */
  rowOf: { type: 'i32', rows: 'entities', derived: true, initial: -1 },
  /** Push records of the step in progress (PUSH_*), written by the resolve pass, applied after it. Scratch. */
  pushes: { type: 'f64', width: PUSH_STRIDE * CHARACTER_MAX_PUSHES, rows: 'rows' },
  /** Push records in use per row. Scratch. */
  pushCount: { type: 'u8', rows: 'rows' },
} as const satisfies ColumnSpec<'rows' | 'entities', 'rows' | 'entities'>;

/**
 * The character columns, one element per character row (rows 0 to `count` − 1; `rowOf` is indexed by body entity),
 * for systems that read many characters at once: `world.physics.characters.grounded[row]`. Columns are replaced when
 * they grow: read them through the store every frame, do not cache the arrays.
 */
// An interface (not a type alias) so that the API docs list its columns with their comments.
export interface CharacterColumns extends Columns<typeof CHARACTER_COLUMNS> {
  /** The character's handle: an element is a CharacterId. */
  handle: HandleColumn<CharacterId>;
  /** Handle of the body of the ground it stands on, -1 when none. */
  groundBody: HandleColumn<BodyId | -1>;
}

/**
 * The characters of one world: a character is a kinematic body with a vertical capsule and a row here (settings and
 * state as columns), moved by the character stage of each step. Systems that read thousands of characters read the
 * columns directly (`p.characters.grounded[row]`, rows 0 to `count`).
 */
export class CharacterStore extends columnStore(CHARACTER_COLUMNS) implements CharacterColumns {
  // The handle columns, typed as CharacterColumns has them (no code emitted: they are the spec's Float64Arrays).
  declare handle: HandleColumn<CharacterId>;
  declare groundBody: HandleColumn<BodyId | -1>;
  /** Live rows. */
  count = 0;
  /** Rows and entity ids every column of theirs holds. */
  private rowCapacity = INITIAL_ROWS;
  private entityCapacity = INITIAL_ROWS;

  /** Capacity for `n` rows. */
  reserveRows(n: number): void {
    if (n > this.rowCapacity) this.rowCapacity = growColumns(this, CHARACTER_COLUMNS, 'rows', n);
  }

  /** Capacity for entity ids up to `maxEid`. */
  reserveEntities(maxEid: number): void {
    const n = maxEid + 1;
    if (n > this.entityCapacity) this.entityCapacity = growColumns(this, CHARACTER_COLUMNS, 'entities', n);
  }

  /** The row of body entity `eid`'s character, or −1. */
  rowOfBody(eid: number): number {
    return eid < this.rowOf.length ? this.rowOf[eid] : -1;
  }
}
