import { remixTouchingContacts } from '../lifecycle/contact-lifecycle.js';
import type { PhysicsState } from '../state/physics-state.js';

/**
 * The columns a snapshot does not store because restore computes them again (ColumnDecl.derived), by store prefix
 * and name as snapshot-layout.ts names columns; deriveColumns computes each. (A test checks that this list is exactly
 * the columns the specs mark derived, and that restore gives back their bits where the step reads them.)
 */
export const DERIVED_COLUMNS: readonly string[] = [
  'bodies.center0X',
  'bodies.center0Y',
  'bodies.listIndex',
  'contacts.friction',
  'contacts.restitution',
  'contacts.rollingResistance',
  'contacts.tangentSpeed',
  'contacts.listIndex',
  'joints.rowOf',
  'characters.rowOf',
];

/**
 * After a restore copied the stored columns in: the derived columns from them. `entityRows` is the snapshot's entity
 * row count. Rows the step never reads (dead bodies and contacts, contacts that do not touch) get their initial
 * values, so the restored world depends on the snapshot only.
 */
export function deriveColumns(p: PhysicsState, entityRows: number): void {
  const b = p.bodies;
  // A body's list position, from the list; the start-of-step centre, which the next step's gather writes before any
  // read, as the centre.
  b.listIndex.fill(-1, 0, entityRows);
  b.center0X.fill(0, 0, entityRows);
  b.center0Y.fill(0, 0, entityRows);
  for (let k = 0; k < b.count; k++) {
    const eid = b.list[k];
    b.listIndex[eid] = k;
    b.center0X[eid] = b.centerX[eid];
    b.center0Y[eid] = b.centerY[eid];
  }
  const c = p.contacts;
  const rows = c.capacityUsed;
  c.listIndex.fill(-1, 0, rows);
  for (let k = 0; k < c.count; k++) c.listIndex[c.list[k]] = k;
  // The material of the touching contacts, mixed again by the world's rules and callbacks in list order (the same
  // values, since every change of a material, rule or callback mixes the touching contacts again).
  c.friction.fill(0, 0, rows);
  c.restitution.fill(0, 0, rows);
  c.rollingResistance.fill(0, 0, rows);
  c.tangentSpeed.fill(0, 0, rows);
  remixTouchingContacts(p);
  // Each joint's row, by its entity.
  const js = p.joints;
  js.rowOf.fill(-1);
  for (let r = 0; r < js.count; r++) js.rowOf[js.eid[r]] = r;
  // Each character's row, by its body's entity.
  const ch = p.characters;
  ch.rowOf.fill(-1);
  for (let r = 0; r < ch.count; r++) ch.rowOf[ch.body[r]] = r;
}
