import {
  BodyType,
  TREE_MOVABLE,
  TREE_STATIC,
  createContact,
  jointsAllowCollision,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { sortPairs } from './pair-sort.js';

/**
 * Stage 1 — pair update. Every proxy that was created or re-inserted since the last step (the move buffer) queries the
 * trees with its fat box; overlapping shapes that should collide and have no contact yet become new contacts. Shapes
 * that did not move and overlapped the querier's previous box are left out by the query itself (they have their
 * contact already or were filtered out).
 * Proxies that stayed inside their fat boxes cost nothing here, which is what makes resting stacks cheap. The
 * narrowphase clears the move buffer after it, as it also needs to know which proxies moved.
 *
 * New pairs are sorted by shape ids before contacts are created, so the contact order (and with it the solver order)
 * depends only on the inputs, never on tree shape or traversal order.
 */
export function updateBroadphase(p: PhysicsState): void {
  const bp = p.broadphase;
  const pairs = bp.newPairs;
  pairs.clear();
  const movable = bp.trees[TREE_MOVABLE];
  // Finalize grows moved proxies in place (cheap) instead of re-inserting them; once as many leaves were enlarged as
  // the tree holds, its inner boxes are loose enough that a full rebuild (median split) pays for itself.
  if (movable.enlargedSinceRebuild > movable.getProxyCount()) movable.rebuild();
  findNewPairs(p);
  // The move buffer and the `moved` flags stay set until the narrowphase has used them (see updateContacts).

  const n = pairs.count >> 1;
  if (n === 0) return;
  sortPairs(pairs.data, n, p.shapes.capacityUsed);
  const data = pairs.data;
  for (let i = 0; i < n; i++) createContact(p, data[2 * i]!, data[2 * i + 1]!);
}

type Tree = PhysicsState['broadphase']['trees'][0];

/**
 * Scratch of the querying proxy: its fat box, then the box it had at the last narrowphase (an array: doubles passed
 * to calls V8 does not inline are boxed).
 */
const queryBox = new Float64Array(8);

/**
 * Every moved proxy queries the movable tree, and movable ones the static tree too, collecting new pairs.
 * A separate function so that its caller, with no loop, is optimised normally (see prepareContacts).
 */
function findNewPairs(p: PhysicsState): void {
  const bp = p.broadphase;
  const s = p.shapes;
  const moveBuffer = bp.moveBuffer;
  const movable = bp.trees[TREE_MOVABLE];
  const stat = bp.trees[TREE_STATIC];
  const from = bp.moveFrom;
  if (bp.moveSlot.length < s.capacityUsed) bp.moveSlot = new Int32Array(s.capacityUsed * 2);
  const slot = bp.moveSlot;
  for (let i = 0; i < moveBuffer.count; i++) slot[moveBuffer.data[i]!] = i;
  for (let i = 0; i < moveBuffer.count; i++) {
    const q = moveBuffer.data[i]!;
    const proxy = s.proxy[q]!;
    if (proxy === -1) continue;
    const tree = bp.trees[s.tree[q]!];
    queryBox[0] = tree.minX[proxy]!;
    queryBox[1] = tree.minY[proxy]!;
    queryBox[2] = tree.maxX[proxy]!;
    queryBox[3] = tree.maxY[proxy]!;
    queryBox[4] = from[i * 4]!;
    queryBox[5] = from[i * 4 + 1]!;
    queryBox[6] = from[i * 4 + 2]!;
    queryBox[7] = from[i * 4 + 3]!;
    findPairs(p, q, movable);
    if (s.tree[q] === TREE_MOVABLE) findPairs(p, q, stat);
  }
}

/** Pairs of shape `q` (box in queryBox) with the shapes of `tree`. */
function findPairs(p: PhysicsState, q: number, tree: Tree): void {
  const bp = p.broadphase;
  const results = bp.queryResults;
  results.clear();
  const s = p.shapes;
  // Only shapes whose category q's mask accepts can pair with q, so the tree skips subtrees holding none of them.
  // A positive group index overrides the masks (same group: always collide), so such shapes query unmasked.
  const mask = s.groupIndex[q]! > 0 ? -1 : s.maskBits[q]! | 0;
  tree.queryNewOverlaps(queryBox, 0, mask, s.moved, results);
  const data = results.data;
  const pairs = bp.newPairs;
  for (let k = 0; k < results.count; k++) {
    const other = data[k]!;
    if (other === q) continue;
    if (s.moved[other] === 1) {
      // Both moved: the pair is found from both sides; keep the one found by the larger id.
      if (other < q) continue;
      // Their boxes at the last narrowphase overlapped (each minX is +∞ when unknown): the pair has its contact.
      const j = bp.moveSlot[other]! * 4;
      const from = bp.moveFrom;
      if (
        from[j]! <= queryBox[6]! &&
        from[j + 2]! >= queryBox[4]! &&
        from[j + 1]! <= queryBox[7]! &&
        from[j + 3]! >= queryBox[5]!
      )
        continue;
    }
    const a = q < other ? q : other;
    const b = q < other ? other : q;
    // Most overlaps in a moving pile are pairs that already have a contact: rule those out first.
    if (p.contacts.pairs.get(a, b) !== -1) continue;
    if (!shouldCollide(p, q, other)) continue;
    // A joint with collideConnected = false between the two bodies (checked for new pairs only).
    if (!jointsAllowCollision(p, s.body[a]!, s.body[b]!)) continue;
    pairs.push(a);
    pairs.push(b);
  }
}

/** Same body never; at least one dynamic body; the category/mask/group filter. */
export function shouldCollide(p: PhysicsState, a: number, b: number): boolean {
  const s = p.shapes;
  const bodyA = s.body[a]!;
  const bodyB = s.body[b]!;
  if (bodyA === bodyB) return false;
  const types = p.bodies.type;
  if (types[bodyA] !== BodyType.dynamic && types[bodyB] !== BodyType.dynamic) return false;
  const ga = s.groupIndex[a]!;
  if (ga !== 0 && ga === s.groupIndex[b]) return ga > 0;
  if ((s.categoryBits[a]! & s.maskBits[b]!) === 0 || (s.categoryBits[b]! & s.maskBits[a]!) === 0) return false;
  return p.pairFilter === null || p.pairFilter(p.bodies.handle[bodyA]!, p.bodies.handle[bodyB]!, a, b);
}
