import { ContactFlag, type PhysicsState } from '@impulse2d/core';

/** Number of graph colours; constraints that find no free colour go to a final overflow group. */
export const GRAPH_COLOR_COUNT = 24;

/**
 * Stage 4a — orders this step's contact constraints by graph colour, as Box2D v3 does: within one colour no two
 * constraints share a movable body. Gauss–Seidel then sweeps colour by colour instead of in creation order, which
 * removes the systematic left-to-right bias a creation-order sweep puts into tall stacks (they shear sideways over
 * hundreds of steps otherwise). Static bodies do not count, and contacts against them skip colour 0 so that colour
 * holds the most body–body constraints. The colouring is recomputed each step from the contact list order, so it is
 * deterministic. Writes solverData.contactOrder / orderedCount; contacts that get no constraint have constraint -1.
 */
export function colorContacts(p: PhysicsState): void {
  const c = p.contacts;
  const sd = p.solverData;
  const words = (sd.bodyCount + 31) >> 5;
  sd.reserveColoring(c.count, GRAPH_COLOR_COUNT * words);
  const bits = sd.colorBits;
  bits.fill(0, 0, GRAPH_COLOR_COUNT * words);
  const counts = sd.colorCounts;
  counts.fill(0, 0, GRAPH_COLOR_COUNT + 1);
  const candidates = sd.colorCandidates;
  const colorOf = sd.colorOf;
  const indexOf = sd.indexOf;
  const list = c.list;
  let m = 0;
  for (let k = 0; k < c.count; k++) {
    const id = list[k]!;
    const flags = c.flags[id]!;
    c.constraint[id] = -1;
    if ((flags & ContactFlag.touching) === 0 || (flags & ContactFlag.sensor) !== 0) continue;
    const ia = indexOf[c.bodyA[id]!]!;
    const ib = indexOf[c.bodyB[id]!]!;
    if (ia === 0 && ib === 0) continue;
    let color = GRAPH_COLOR_COUNT;
    if (ia !== 0 && ib !== 0) {
      const wa = ia >> 5;
      const ma = 1 << (ia & 31);
      const wb = ib >> 5;
      const mb = 1 << (ib & 31);
      for (let col = 0; col < GRAPH_COLOR_COUNT; col++) {
        const base = col * words;
        if ((bits[base + wa]! & ma) !== 0 || (bits[base + wb]! & mb) !== 0) continue;
        bits[base + wa] = bits[base + wa]! | ma;
        bits[base + wb] = bits[base + wb]! | mb;
        color = col;
        break;
      }
    } else {
      const i = ia !== 0 ? ia : ib;
      const w = i >> 5;
      const mask = 1 << (i & 31);
      for (let col = 1; col < GRAPH_COLOR_COUNT; col++) {
        const base = col * words;
        if ((bits[base + w]! & mask) !== 0) continue;
        bits[base + w] = bits[base + w]! | mask;
        color = col;
        break;
      }
    }
    candidates[m] = id;
    colorOf[m] = color;
    counts[color] = counts[color]! + 1;
    m++;
  }
  // Counting sort by colour, stable: within a colour the list order is kept.
  let offset = 0;
  for (let col = 0; col <= GRAPH_COLOR_COUNT; col++) {
    const n = counts[col]!;
    counts[col] = offset;
    offset += n;
  }
  const order = sd.contactOrder;
  for (let j = 0; j < m; j++) {
    const col = colorOf[j]!;
    order[counts[col]!] = candidates[j]!;
    counts[col] = counts[col]! + 1;
  }
  sd.orderedCount = m;
}
