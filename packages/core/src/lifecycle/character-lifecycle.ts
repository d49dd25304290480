import { columnList, type AnyColumn } from '../storage/column-spec.js';
import { CHARACTER_COLUMNS } from '../state/character-store.js';
import type { PhysicsState } from '../state/physics-state.js';

/** The row columns of the character store (what a swap-remove copies), from its spec. */
const ROW_COLUMNS = columnList(CHARACTER_COLUMNS).filter((c) => c.rows === 'rows');

/**
 * Takes a new character row for body entity `eid` (swap-remove order: rows stay dense, in creation order until one is
 * removed) and returns it; the caller writes its columns. Cannot fail.
 */
export function allocateCharacterRow(p: PhysicsState, eid: number): number {
  const cs = p.characters;
  cs.reserveEntities(eid);
  cs.reserveRows(cs.count + 1);
  const row = cs.count++;
  cs.rowOf[eid] = row;
  return row;
}

/**
 * Removes the character of body entity `eid`, if it has one: its body is being destroyed, or the character alone
 * (destroyCharacter). The last row moves into its place, so the rows stay dense.
 */
export function removeCharacterOf(p: PhysicsState, eid: number): void {
  const cs = p.characters;
  const row = cs.rowOfBody(eid);
  if (row < 0) return;
  const last = cs.count - 1;
  if (row !== last) {
    const fields = cs as unknown as Record<string, AnyColumn>;
    for (let i = 0; i < ROW_COLUMNS.length; i++) {
      const c = ROW_COLUMNS[i];
      const a = fields[c.name];
      a.copyWithin(row * c.width, last * c.width, (last + 1) * c.width);
    }
    cs.rowOf[cs.body[row]] = row;
  }
  cs.rowOf[eid] = -1;
  cs.count = last;
}
