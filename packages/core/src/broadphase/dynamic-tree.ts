/**
 * Dynamic AABB tree: a bounding volume hierarchy over the fat boxes of the broadphase proxies.
 *
 * Storage is a few typed arrays per tree, indexed by node id; there are no node objects and nothing is shared between
 * trees. A leaf's node id is its proxy id. Internal nodes always have exactly two children.
 *
 * Insertion picks a sibling with the surface-area heuristic (in 2D the "surface" is the perimeter): a greedy descent
 * from the root that keeps a lower bound on what any node below a child could cost, and stops when neither child can
 * beat the best candidate seen so far. Then, walking back up, every ancestor is refitted and rebalanced by swapping one
 * of its children with a grandchild:
 *  - if the two children's heights differ by more than one, the short child trades places with the taller grandchild
 *    on the other side (an AVL rotation; in a BVH children are unordered, so a swap is all a rotation needs);
 *  - otherwise the swap that shrinks the changed child's perimeter most is taken, if it keeps both touched nodes
 *    balanced.
 * So every node satisfies |height(child1) - height(child2)| <= 1 at all times, the tree height stays below
 * 1.44 log2(n + 2), and sorted insertion (which degenerates an unbalanced SAH tree into a list) is harmless. Box2D v3
 * uses only the area-driven swaps; we keep the AVL bound because the broadphase walks the tree once per moved proxy.
 *
 * Swapping (rather than re-parenting, as a textbook rotation does) keeps the rotated node at the same index and in
 * the same slot of its parent, so the upward walk can continue from `parent[node]` unchanged.
 *
 * Determinism: the free list is LIFO and every choice depends only on the boxes and the call sequence, so the same
 * calls produce the same node ids, the same shape and the same query order.
 *
 * Every node also carries category bits: a leaf its shape's, an internal node the OR of its children's. A query with a
 * mask skips whole subtrees holding no category the mask accepts (as Box2D v3 does), so shapes that collide with
 * nothing near them (a grid of joint-linked bodies that ignore each other) cost a root visit, not a walk to every
 * neighbour followed by a filter rejection.
 *
 * What a box query reads of node n sits in two records at the same offset 4n: its box (minX, minY, maxX, maxY, 32
 * bytes) in `_boxes` and its child1, child2, userData and category (16 bytes) in `_nodes`. A visit thus touches one
 * cache line of each (two for a box that straddles a line: typed arrays are only sure to be 16-byte aligned), where
 * one column per field touched six. Parent and height, which no query reads, stay columns of their own: paired in a
 * third record array, they left the time of rebuilds, their main reader, unchanged. (Against one column per field, cpu
 * profiles of the tumbler and smash scenes show 5-7% less time in queries.)
 *
 * Each node also carries mask bits (a leaf its proxy's, an internal node the OR of its children's) and a mark (set on
 * the moved proxies and their ancestors for one pair search): what the pair join of tree-join.ts prunes with. They are
 * columns of their own, since no box query reads them.
 *
 * The arrays are replaced when the tree grows (createProxy): whoever holds one (see queryColumn) must take it again.
 */
import { PhysicsError } from '../errors.js';
import { growF64, growI32 } from '../storage/grow.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { SplitPlanner } from './tree-build.js';

// Callers may take both classes from here.
export { IntBuffer } from '../storage/int-buffer.js';

/** Node index meaning "none". */
export const NULL_NODE = -1;

// "Unbounded" in costs and ray parameters is written as the literal 1e300, not Infinity and not a named constant
// (docs/design/v8-hot-code.md, rule 3: rayCast allocated ~1.5 kB per call before). Costs are perimeters of real boxes,
// far below 1e300.

/** Half the perimeter of the union of the box at `boxes[q..q+3]` with the given box. Used as the SAH cost measure. */
function unionHalfPerimeter(boxes: Float64Array, q: number, x0: number, y0: number, x1: number, y1: number): number {
  const ax = boxes[q],
    ay = boxes[q + 1],
    bx = boxes[q + 2],
    by = boxes[q + 3];
  return (bx > x1 ? bx : x1) - (ax < x0 ? ax : x0) + ((by > y1 ? by : y1) - (ay < y0 ? ay : y0));
}

/** Number of arrays a box query reads (DynamicTree.queryColumn). */
export const QUERY_COLUMNS = 4;

/**
 * growPending refits every internal node in one pass when the leaves waiting number at least this share of them
 * (1 / PENDING_BULK_SHARE), and walks up from each leaf below it.
 */
const PENDING_BULK_SHARE = 4;

/** Elements per node in `_boxes` and in `_nodes`: node n's record starts at NODE_STRIDE * n in both. */
const NODE_STRIDE = 4;
// Offsets in a `_nodes` record.
const CHILD1 = 0; // first child; NULL_NODE for a leaf
const CHILD2 = 1; // second child; NULL_NODE for a leaf
const USER_DATA = 2; // caller's value for a leaf (e.g. a shape index); -1 for internal nodes
const CATEGORY = 3; // leaf: its category bits; internal: OR of the children's (uint32 bits as int32)

export class DynamicTree {
  // ---- node storage (node n's record at NODE_STRIDE * n; columns indexed by n) ------------------------------------
  private _boxes: Float64Array; // minX, minY, maxX, maxY, world units; for a leaf the caller's (already fattened) box
  private _nodes: Int32Array; // child1, child2, userData, category (offsets CHILD1 ... CATEGORY)
  private _parent: Int32Array; // parent node or NULL_NODE at the root; for a free node, the next free node
  private _height: Int32Array; // 0 for a leaf, 1 + max(child heights) inside, -1 for a free node
  private _masks: Int32Array; // leaf: the mask bits it pairs with (createProxy); internal: OR of the children's
  private _marks: Uint8Array; // 1 on a marked leaf and on every ancestor of one (markLeaf); read by pair joins

  private _root = NULL_NODE;
  private _freeList = NULL_NODE; // LIFO list of freed nodes, linked through _parent
  private _highWater = 0; // ids >= this were never handed out
  private _nodeCount = 0; // live nodes, leaves and internal
  private _proxyCount = 0; // live leaves
  private _stack: Int32Array; // traversal stack for query / rayCast / validate (depth <= height + 1)

  // Scratch for `improveArea`: the best swap found so far, in a typed array (docs/design/v8-hot-code.md, rule 2).
  private readonly _swapGain = new Float64Array(1);
  // Scratch box of the double-taking query forms (see `collect`).
  private readonly _queryBox = new Float64Array(4);
  private _swapX = NULL_NODE;
  private _swapP = NULL_NODE;
  private _swapY = NULL_NODE;

  // Scratch for `rebuild`: leaf ids and their doubled centres, which the median split (tree-build.ts) plans over.
  private _buildLeaves: Int32Array = new Int32Array(0);
  private _buildCx: Float64Array = new Float64Array(0);
  private _buildCy: Float64Array = new Float64Array(0);
  private _buildRoots: Int32Array = new Int32Array(0);
  private readonly _planner = new SplitPlanner();

  constructor(proxyCapacity = 16) {
    const n = Math.max(2 * proxyCapacity, 16);
    this._boxes = new Float64Array(NODE_STRIDE * n);
    this._nodes = new Int32Array(NODE_STRIDE * n);
    this._parent = new Int32Array(n);
    this._height = new Int32Array(n);
    this._masks = new Int32Array(n);
    this._marks = new Uint8Array(n);
    this._stack = new Int32Array(64);
  }

  // ---- read access to the boxes ------------------------------------------------------------------------------------

  /**
   * Writes node `n`'s box (for a proxy, its fat box) to out[o..o+3] as minX, minY, maxX, maxY. Copying array to array
   * moves no double through an argument or a return value (docs/design/v8-hot-code.md, rule 1).
   */
  copyBox(n: number, out: Float64Array, o: number): void {
    const boxes = this._boxes;
    const q = NODE_STRIDE * n;
    out[o] = boxes[q];
    out[o + 1] = boxes[q + 1];
    out[o + 2] = boxes[q + 2];
    out[o + 3] = boxes[q + 3];
  }

  // ---- marks (the pair join's "which subtrees hold a moved proxy") ------------------------------------------------

  /**
   * Marks proxy `proxyId` and its ancestors (up to the first one already marked). Marks say nothing once the tree
   * changes shape: set them, read them (markColumn), and clearMarks before the next insert, removal or rebuild.
   */
  markLeaf(proxyId: number): void {
    const marks = this.markColumn(),
      parent = this._parent;
    for (let i = proxyId; i !== NULL_NODE && marks[i] === 0; i = parent[i]) marks[i] = 1;
  }

  /** Removes every mark. */
  clearMarks(): void {
    this._marks.fill(0);
  }

  /** Per node: 1 if it is or holds a marked proxy. Replaced when the tree grows. */
  markColumn(): Uint8Array {
    // Sized here rather than where nodes grow: a snapshot restore replaces the node columns directly.
    if (this._marks.length < this._height.length) this._marks = new Uint8Array(this._height.length);
    return this._marks;
  }

  // ---- a worker thread's read-only copy (systems' step workers) ---------------------------------------------------

  /**
   * Array `i` (0 to QUERY_COLUMNS - 1) of those a box query or a pair join reads: the boxes, then the child1, child2,
   * userData and category records, the mask unions and the marks: all another thread needs to walk a part of a join
   * (joinTask).
   */
  queryColumn(i: number): Float64Array | Int32Array | Uint8Array {
    return i === 0 ? this._boxes : i === 1 ? this._nodes : i === 2 ? this._masks : this.markColumn();
  }

  /**
   * Replaces the arrays a query reads by `copy` of each (same contents, for example on shared memory a worker thread
   * can read). The tree goes on using and growing the copies.
   */
  replaceQueryColumns(copy: <T extends Float64Array | Int32Array | Uint8Array>(column: T) => T): void {
    this._boxes = copy(this._boxes);
    this._nodes = copy(this._nodes);
    this._masks = copy(this._masks);
    this._marks = copy(this.markColumn());
  }

  /**
   * Makes this tree a read-only view of another thread's columns (as queryColumn lists them), for joinTask: the
   * tasks name their nodes, so the view needs no root.
   */
  adoptQueryColumns(columns: ReadonlyArray<Float64Array | Int32Array | Uint8Array>): void {
    this._boxes = columns[0] as Float64Array;
    this._nodes = columns[1] as Int32Array;
    this._masks = columns[2] as Int32Array;
    this._marks = columns[3] as Uint8Array;
  }

  // ---- proxies ----------------------------------------------------------------------------------------------------

  /**
   * Adds a leaf holding the given (already fattened) box and returns its proxy id. `userData` is stored as int32;
   * `categoryBits` (default: every category) is what masked queries test; `maskBits` (default: every category), the
   * categories it pairs with, is what the pair join (tree-join.ts) tests against the other side's categories.
   */
  createProxy(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    userData: number,
    categoryBits = -1,
    maskBits = -1,
  ): number {
    checkBox(minX, minY, maxX, maxY);
    const id = this.allocateNode();
    this.setBox(id, this.scratchBox(minX, minY, maxX, maxY), 0);
    const q = NODE_STRIDE * id;
    this._nodes[q + USER_DATA] = userData;
    this._nodes[q + CATEGORY] = categoryBits | 0;
    this._masks[id] = maskBits | 0;
    this.insertLeaf(id);
    this._proxyCount++;
    return id;
  }

  /** Removes a proxy. Its id (and the internal node it freed) will be handed out again, most recent first. */
  destroyProxy(proxyId: number): void {
    this.checkProxy(proxyId);
    this.removeLeaf(proxyId);
    this.freeNode(proxyId);
    this._proxyCount--;
  }

  /**
   * Hot-path form of moveProxy: the new (already fattened) box is `box[o..o+3]` (minX, minY, maxX, maxY). Taking the
   * box from an array avoids boxing four doubles per call when V8 does not inline the call, and lets the caller keep
   * its own copy of the box where it wrote this one.
   */
  moveProxyFat(proxyId: number, box: Float64Array, o: number): void {
    this.removeLeaf(proxyId);
    this.setBox(proxyId, box, o);
    this.insertLeaf(proxyId);
  }

  /** Gives a proxy a new box and re-inserts it; the proxy id stays the same. */
  moveProxy(proxyId: number, minX: number, minY: number, maxX: number, maxY: number): void {
    this.checkProxy(proxyId);
    checkBox(minX, minY, maxX, maxY);
    this.moveProxyFat(proxyId, this.scratchBox(minX, minY, maxX, maxY), 0);
  }

  /**
   * Sets a proxy's box without restructuring: ancestors are grown until one already contains the box. Much cheaper
   * than `moveProxy`, but ancestors never shrink, so use it when the new box contains the old one (a proxy that only
   * grew) and let a later `moveProxy` or `rebuild` restore tight boxes.
   */
  enlargeProxy(proxyId: number, minX: number, minY: number, maxX: number, maxY: number): void {
    this.checkProxy(proxyId);
    checkBox(minX, minY, maxX, maxY);
    this.growLeaf(proxyId, this.scratchBox(minX, minY, maxX, maxY), 0);
  }

  /**
   * Hot-path form of enlargeProxy: the leaf's new box is `box[o..o+3]`, ancestors grow until one contains it (no
   * re-insertion, so O(depth)). Counts into `enlargedSinceRebuild`, which callers use to decide when a rebuild pays.
   */
  enlargeProxyFat(proxyId: number, box: Float64Array, o: number): void {
    this.growLeaf(proxyId, box, o);
    this.enlargedSinceRebuild++;
  }

  /**
   * Leaves enlarged in place since the last rebuild: their ancestors grew or were refitted around them, but the tree
   * kept its shape while they moved, so queries slowly degrade.
   */
  enlargedSinceRebuild = 0;

  /**
   * enlargeProxyFat for many leaves in a row: the leaf takes its box now, its ancestors follow at growPending, which
   * must run before the tree is read or changed again (a query, a join, an insertion, a removal or a rebuild).
   */
  enlargeProxyFatLater(proxyId: number, box: Float64Array, o: number): void {
    this.setBox(proxyId, box, o);
    this.enlargedSinceRebuild++;
    this._pending.push(proxyId);
  }

  /**
   * Fits the ancestors of the leaves given to enlargeProxyFatLater since the last call. For a few leaves, each one's
   * ancestors grow as enlargeProxyFat grows them, up to the first that contains it. For many (a pile in motion
   * re-inserts most of its proxies every step), every internal node is refitted in one pass, children before
   * parents, to exactly the union of its children's boxes: the upward walks chased parent links from leaf to leaf and
   * waited on memory at nearly every step, where one pass in height order reads each node and its children once; and
   * the boxes it leaves are tight (they also shrink where leaves moved away), where growing only loosens them step
   * after step. Either way every node contains its children, which is all a query or a pair join needs: both find
   * the same leaves whatever the inner boxes (only what they visit on the way changes).
   * (Spinner scene, AMD EPYC: finalize 1.39 -> 1.06 ms a step with the pass, then the broadphase 3.9 -> 3.0 ms with
   * the tight boxes.)
   */
  growPending(): void {
    const n = this._pending.count;
    if (n === 0) return;
    this._pending.clear();
    const internal = this._nodeCount - this._proxyCount;
    if (n * PENDING_BULK_SHARE < internal) {
      const pending = this._pending.data;
      for (let k = 0; k < n; k++) this.growAncestors(pending[k]);
    } else {
      this.refitInternalNodes();
    }
  }

  /** Leaves waiting for growPending. */
  private readonly _pending = new IntBuffer();
  /** refitInternalNodes' scratch: nodes per height, then the internal nodes in height order. */
  private _perHeight: Int32Array = new Int32Array(0);
  private _byHeight: Int32Array = new Int32Array(0);

  /** Grows the ancestors of leaf `proxyId` until one contains its box. */
  private growAncestors(proxyId: number): void {
    const boxes = this._boxes,
      parent = this._parent;
    const q = NODE_STRIDE * proxyId;
    const minX = boxes[q];
    const minY = boxes[q + 1];
    const maxX = boxes[q + 2];
    const maxY = boxes[q + 3];
    let i = parent[proxyId];
    while (i !== NULL_NODE) {
      const b = NODE_STRIDE * i;
      if (boxes[b] <= minX && boxes[b + 1] <= minY && boxes[b + 2] >= maxX && boxes[b + 3] >= maxY) break;
      if (minX < boxes[b]) boxes[b] = minX;
      if (minY < boxes[b + 1]) boxes[b + 1] = minY;
      if (maxX > boxes[b + 2]) boxes[b + 2] = maxX;
      if (maxY > boxes[b + 3]) boxes[b + 3] = maxY;
      i = parent[i];
    }
  }

  /**
   * Every internal node's box set to the union of its children's, lowest nodes first (a child is always lower than
   * its parent), so that each node reads its children's final boxes. Nodes of one height go in id order (a counting
   * sort), so each height's pass reads the node arrays front to back.
   */
  private refitInternalNodes(): void {
    const height = this._height;
    const top = this._highWater;
    const levels = height[this._root] + 1;
    if (this._perHeight.length < levels + 1) this._perHeight = new Int32Array(2 * levels + 2);
    const perHeight = this._perHeight;
    perHeight.fill(0, 0, levels + 1);
    for (let i = 0; i < top; i++) {
      const h = height[i];
      if (h > 0) perHeight[h]++;
    }
    // perHeight[h] becomes where height h starts in byHeight (heights 1 and up; leaves and free nodes are left out).
    let at = 0;
    for (let h = 1; h < levels; h++) {
      const count = perHeight[h];
      perHeight[h] = at;
      at += count;
    }
    if (this._byHeight.length < at) this._byHeight = new Int32Array(2 * at);
    const byHeight = this._byHeight;
    for (let i = 0; i < top; i++) {
      const h = height[i];
      if (h > 0) byHeight[perHeight[h]++] = i;
    }
    const boxes = this._boxes,
      nodes = this._nodes;
    for (let k = 0; k < at; k++) {
      const q = NODE_STRIDE * byHeight[k];
      const a = NODE_STRIDE * nodes[q + CHILD1];
      const b = NODE_STRIDE * nodes[q + CHILD2];
      boxes[q] = boxes[b] < boxes[a] ? boxes[b] : boxes[a];
      boxes[q + 1] = boxes[b + 1] < boxes[a + 1] ? boxes[b + 1] : boxes[a + 1];
      boxes[q + 2] = boxes[b + 2] > boxes[a + 2] ? boxes[b + 2] : boxes[a + 2];
      boxes[q + 3] = boxes[b + 3] > boxes[a + 3] ? boxes[b + 3] : boxes[a + 3];
    }
  }

  /** Gives leaf `proxyId` the box at box[o..o+3] and grows its ancestors until one contains it (enlargeProxy). */
  private growLeaf(proxyId: number, box: Float64Array, o: number): void {
    this.setBox(proxyId, box, o);
    this.growAncestors(proxyId);
  }

  /** Node `n`'s box = box[o..o+3] (minX, minY, maxX, maxY): the write copyBox reads back. */
  private setBox(n: number, box: Float64Array, o: number): void {
    const boxes = this._boxes;
    const q = NODE_STRIDE * n;
    boxes[q] = box[o];
    boxes[q + 1] = box[o + 1];
    boxes[q + 2] = box[o + 2];
    boxes[q + 3] = box[o + 3];
  }

  /** Changes a proxy's category and mask bits (see createProxy) and refreshes its ancestors' unions. */
  setFilterBits(proxyId: number, categoryBits: number, maskBits = -1): void {
    this.checkProxy(proxyId);
    const nodes = this._nodes,
      masks = this._masks,
      parent = this._parent;
    nodes[NODE_STRIDE * proxyId + CATEGORY] = categoryBits | 0;
    masks[proxyId] = maskBits | 0;
    for (let i = parent[proxyId]; i !== NULL_NODE; i = parent[i]) {
      const q = NODE_STRIDE * i;
      const a = nodes[q + CHILD1],
        b = nodes[q + CHILD2];
      nodes[q + CATEGORY] = nodes[NODE_STRIDE * a + CATEGORY] | nodes[NODE_STRIDE * b + CATEGORY];
      masks[i] = masks[a] | masks[b];
    }
  }

  getCategoryBits(proxyId: number): number {
    return this._nodes[NODE_STRIDE * proxyId + CATEGORY] >>> 0;
  }

  /** Per node: a leaf's mask bits, an internal node's union of them (read by the pair join). Replaced on growth. */
  maskColumn(): Int32Array {
    return this._masks;
  }

  /** Per node: 0 for a leaf, 1 + the taller child's height inside (read by the pair join's plan). Replaced on growth. */
  heightColumn(): Int32Array {
    return this._height;
  }

  getUserData(proxyId: number): number {
    return this._nodes[NODE_STRIDE * proxyId + USER_DATA];
  }

  /** True if `id` is a live proxy of this tree. */
  isProxy(id: number): boolean {
    return id >= 0 && id < this._highWater && this._height[id] === 0;
  }

  getProxyCount(): number {
    return this._proxyCount;
  }
  getNodeCount(): number {
    return this._nodeCount;
  }
  getRoot(): number {
    return this._root;
  }

  /** Height of the root (0 for a single leaf or an empty tree). */
  getHeight(): number {
    return this._root === NULL_NODE ? 0 : this._height[this._root];
  }

  /**
   * Sum of the perimeters of the internal nodes below the root, divided by the root's perimeter. A quality measure
   * (lower means queries visit fewer nodes); 0 for trees with fewer than three leaves.
   */
  getAreaRatio(): number {
    const root = this._root;
    if (root === NULL_NODE) return 0;
    const rootArea = this.halfPerimeter(root);
    if (!(rootArea > 0)) return 0;
    let total = 0;
    for (let i = 0; i < this._highWater; i++) {
      if (i !== root && this._height[i] > 0) total += this.halfPerimeter(i);
    }
    return total / rootArea;
  }

  // ---- queries ----------------------------------------------------------------------------------------------------

  /** Appends to `out` the userData of every leaf whose box overlaps the given box (touching counts). */
  query(minX: number, minY: number, maxX: number, maxY: number, out: IntBuffer): void {
    this.collect(this.scratchBox(minX, minY, maxX, maxY), 0, out, false, -1);
  }

  /** As `query`, keeping only leaves whose category bits share a bit with `maskBits` (whole subtrees are skipped). */
  queryMasked(minX: number, minY: number, maxX: number, maxY: number, maskBits: number, out: IntBuffer): void {
    this.collect(this.scratchBox(minX, minY, maxX, maxY), 0, out, false, maskBits | 0);
  }

  /**
   * As `query` with the box read from `box[o..o+3]` (minX, minY, maxX, maxY): the hot-path form
   * (docs/design/v8-hot-code.md, rule 1).
   */
  queryBox(box: Float64Array, o: number, out: IntBuffer): void {
    this.collect(box, o, out, false, -1);
  }

  /**
   * As `queryBox`, keeping only leaves whose category bits share a bit with `maskBits`; subtrees with no such leaf
   * are skipped without visiting them.
   */
  queryBoxMasked(box: Float64Array, o: number, maskBits: number, out: IntBuffer): void {
    this.collect(box, o, out, false, maskBits | 0);
  }

  /** As `query`, but appends proxy ids instead of userData (what pair finding wants). */
  queryLeaves(minX: number, minY: number, maxX: number, maxY: number, out: IntBuffer): void {
    this.collect(this.scratchBox(minX, minY, maxX, maxY), 0, out, true, -1);
  }

  /**
   * As `queryLeaves` with proxy `proxyId`'s own box (so the result includes `proxyId`). For pair finding: passing
   * only an integer (docs/design/v8-hot-code.md, rule 1).
   */
  queryProxy(proxyId: number, out: IntBuffer): void {
    this.checkProxy(proxyId);
    this.collect(this._boxes, NODE_STRIDE * proxyId, out, true, -1);
  }

  /**
   * Appends the userData of every leaf whose box is touched by the segment from (originX, originY) to
   * origin + maxFraction * (dx, dy) (slab test, boundaries count). The caller does the exact shape tests.
   */
  rayCast(originX: number, originY: number, dx: number, dy: number, maxFraction: number, out: IntBuffer): void {
    const root = this._root;
    if (root === NULL_NODE || !(maxFraction >= 0)) return;
    const boxes = this._boxes,
      nodes = this._nodes;
    // With a zero direction component the slab test on that axis reduces to "origin inside the slab" (the
    // infinite inverse is then never used).
    const invDx = 1 / dx;
    const invDy = 1 / dy;
    let stack = this._stack;
    let sp = 0;
    stack[sp++] = root;
    while (sp > 0) {
      const q = NODE_STRIDE * stack[--sp];
      const x0 = boxes[q],
        y0 = boxes[q + 1],
        x1 = boxes[q + 2],
        y1 = boxes[q + 3];
      if (dx === 0 && (originX < x0 || originX > x1)) continue;
      if (dy === 0 && (originY < y0 || originY > y1)) continue;
      // Entry and exit parameters per axis (a parallel axis never clips; see the note on 1e300).
      const ax = (x0 - originX) * invDx,
        bx = (x1 - originX) * invDx;
      const ay = (y0 - originY) * invDy,
        by = (y1 - originY) * invDy;
      const enterX = dx === 0 ? -1e300 : ax < bx ? ax : bx;
      const exitX = dx === 0 ? 1e300 : ax < bx ? bx : ax;
      const enterY = dy === 0 ? -1e300 : ay < by ? ay : by;
      const exitY = dy === 0 ? 1e300 : ay < by ? by : ay;
      const enter = enterX > enterY ? enterX : enterY;
      const exit = exitX < exitY ? exitX : exitY;
      if (enter > exit || enter > maxFraction || exit < 0) continue;
      const a = nodes[q + CHILD1];
      if (a === NULL_NODE) {
        out.push(nodes[q + USER_DATA]);
      } else {
        if (sp + 2 > stack.length) stack = this._stack = growI32(stack, sp + 2);
        stack[sp++] = nodes[q + CHILD2];
        stack[sp++] = a;
      }
    }
  }

  // ---- maintenance ------------------------------------------------------------------------------------------------

  /**
   * Rebuilds the whole tree top-down by median split on the longer axis of the leaf centres. The result is perfectly
   * balanced and has tight boxes (undoing any `enlargeProxy` slack); proxy ids are kept. O(n log n): not for every
   * step.
   * (A binned-SAH build would give lower query cost but unbalanced subtrees, which the AVL invariant forbids.)
   */
  rebuild(): void {
    this.enlargedSinceRebuild = 0;
    const root = this._root;
    if (root === NULL_NODE || this._height[root] === 0) return;
    const n = this._proxyCount;
    if (this._buildLeaves.length < n) {
      this._buildLeaves = growI32(this._buildLeaves, n);
      this._buildCx = growF64(this._buildCx, n);
      this._buildCy = growF64(this._buildCy, n);
    }
    this._root = this.buildTree(this.collectLeaves(root));
    this._parent[this._root] = NULL_NODE;
  }

  /**
   * The loop of rebuild: gathers the leaves below `root` depth-first (a deterministic order) into the build arrays,
   * freeing every internal node on the way; returns their number. (A method of its own with nothing after the loop:
   * when the build call followed the loop, V8 deoptimised rebuild there on most calls, 23 times in 200 smash steps.)
   */
  private collectLeaves(root: number): number {
    const leaves = this._buildLeaves,
      cx = this._buildCx,
      cy = this._buildCy;
    const boxes = this._boxes,
      nodes = this._nodes;
    let stack = this._stack;
    let sp = 0;
    let count = 0;
    stack[sp++] = root;
    while (sp > 0) {
      const i = stack[--sp];
      const q = NODE_STRIDE * i;
      const a = nodes[q + CHILD1];
      if (a === NULL_NODE) {
        leaves[count] = i;
        cx[count] = boxes[q] + boxes[q + 2];
        cy[count] = boxes[q + 1] + boxes[q + 3];
        count++;
      } else {
        if (sp + 2 > stack.length) stack = this._stack = growI32(stack, sp + 2);
        stack[sp++] = nodes[q + CHILD2];
        stack[sp++] = a;
        this.freeNode(i);
      }
    }
    return count;
  }

  /**
   * Checks the structure and throws an Error describing the first problem: parent/child links, leaf and node counts,
   * heights, the AVL balance bound, boxes containing their children, category unions and the free list. For tests; O(n).
   */
  validate(): void {
    const root = this._root;
    const parent = this._parent,
      records = this._nodes,
      height = this._height;
    let leaves = 0;
    let nodes = 0;
    if (root !== NULL_NODE) {
      if (parent[root] !== NULL_NODE) fail(`root ${root} has parent ${parent[root]}`);
      let stack = this._stack;
      let sp = 0;
      stack[sp++] = root;
      while (sp > 0) {
        const i = stack[--sp];
        nodes++;
        if (nodes > this._nodeCount) fail('cycle or more reachable nodes than allocated');
        const a = records[NODE_STRIDE * i + CHILD1],
          b = records[NODE_STRIDE * i + CHILD2];
        if (a === NULL_NODE || b === NULL_NODE) {
          if (a !== b) fail(`node ${i} has one child`);
          if (height[i] !== 0) fail(`leaf ${i} has height ${height[i]}`);
          leaves++;
          continue;
        }
        if (a < 0 || a >= this._highWater || b < 0 || b >= this._highWater || a === b) {
          fail(`node ${i} has bad children ${a}, ${b}`);
        }
        if (parent[a] !== i || parent[b] !== i) fail(`children of ${i} do not point back to it`);
        const ha = height[a],
          hb = height[b];
        if (ha < 0 || hb < 0) fail(`node ${i} has a free child`);
        if (height[i] !== 1 + Math.max(ha, hb)) fail(`node ${i} height ${height[i]} != 1 + max(${ha}, ${hb})`);
        if (Math.abs(ha - hb) > 1) fail(`node ${i} is unbalanced: child heights ${ha}, ${hb}`);
        if (!this.contains(i, a) || !this.contains(i, b)) fail(`box of node ${i} does not contain its children`);
        const category = records[NODE_STRIDE * i + CATEGORY];
        if (category !== (records[NODE_STRIDE * a + CATEGORY] | records[NODE_STRIDE * b + CATEGORY]))
          fail(`category bits of node ${i} are not its children's union`);
        if (this._masks[i] !== (this._masks[a] | this._masks[b]))
          fail(`mask bits of node ${i} are not its children's union`);
        if (sp + 2 > stack.length) stack = this._stack = growI32(stack, sp + 2);
        stack[sp++] = b;
        stack[sp++] = a;
      }
    }
    if (leaves !== this._proxyCount) fail(`reachable leaves ${leaves} != proxy count ${this._proxyCount}`);
    if (nodes !== this._nodeCount) fail(`reachable nodes ${nodes} != node count ${this._nodeCount}`);
    let free = 0;
    for (let i = this._freeList; i !== NULL_NODE; i = parent[i]) {
      if (height[i] !== -1) fail(`free node ${i} is marked live`);
      if (++free > this._highWater) fail('free list has a cycle');
    }
    if (free + this._nodeCount !== this._highWater) fail('free list does not account for all unused nodes');
  }

  // ---- node pool --------------------------------------------------------------------------------------------------

  private allocateNode(): number {
    let id = this._freeList;
    if (id !== NULL_NODE) {
      this._freeList = this._parent[id];
    } else {
      id = this._highWater++;
      if (id >= this._height.length) this.growNodes(id + 1);
    }
    const q = NODE_STRIDE * id;
    this._parent[id] = NULL_NODE;
    this._nodes[q + CHILD1] = NULL_NODE;
    this._nodes[q + CHILD2] = NULL_NODE;
    this._height[id] = 0;
    this._nodes[q + USER_DATA] = -1;
    this._nodeCount++;
    return id;
  }

  private freeNode(id: number): void {
    this._parent[id] = this._freeList;
    this._nodes[NODE_STRIDE * id + CHILD1] = NULL_NODE;
    this._nodes[NODE_STRIDE * id + CHILD2] = NULL_NODE;
    this._height[id] = -1;
    this._freeList = id;
    this._nodeCount--;
  }

  /** Room for `minLength` nodes in every array (each grows to its own need: they keep their 4:1 lengths anyway). */
  private growNodes(minLength: number): void {
    this._boxes = growF64(this._boxes, NODE_STRIDE * minLength);
    this._nodes = growI32(this._nodes, NODE_STRIDE * minLength);
    this._parent = growI32(this._parent, minLength);
    this._height = growI32(this._height, minLength);
    this._masks = growI32(this._masks, minLength);
  }

  private checkProxy(id: number): void {
    if (!(id >= 0 && id < this._highWater && this._height[id] === 0)) {
      throw new PhysicsError('INVALID_ARGUMENT', `${String(id)} is not a live proxy of this tree`);
    }
  }

  // ---- insertion and removal --------------------------------------------------------------------------------------

  private insertLeaf(leaf: number): void {
    if (this._root === NULL_NODE) {
      this._root = leaf;
      this._parent[leaf] = NULL_NODE;
      return;
    }
    const sibling = this.findBestSibling(leaf);
    const node = this.allocateNode(); // may replace the arrays: read them after this
    const parent = this._parent,
      nodes = this._nodes;
    const oldParent = parent[sibling];
    parent[node] = oldParent;
    nodes[NODE_STRIDE * node + CHILD1] = sibling;
    nodes[NODE_STRIDE * node + CHILD2] = leaf;
    parent[sibling] = node;
    parent[leaf] = node;
    if (oldParent === NULL_NODE) this._root = node;
    else if (nodes[NODE_STRIDE * oldParent + CHILD1] === sibling) nodes[NODE_STRIDE * oldParent + CHILD1] = node;
    else nodes[NODE_STRIDE * oldParent + CHILD2] = node;
    this.refitUpward(node);
  }

  private removeLeaf(leaf: number): void {
    if (leaf === this._root) {
      this._root = NULL_NODE;
      return;
    }
    const parent = this._parent,
      nodes = this._nodes;
    const p = parent[leaf];
    const grandParent = parent[p];
    const pq = NODE_STRIDE * p;
    const sibling = nodes[pq + CHILD1] === leaf ? nodes[pq + CHILD2] : nodes[pq + CHILD1];
    parent[sibling] = grandParent;
    if (grandParent === NULL_NODE) this._root = sibling;
    else if (nodes[NODE_STRIDE * grandParent + CHILD1] === p) nodes[NODE_STRIDE * grandParent + CHILD1] = sibling;
    else nodes[NODE_STRIDE * grandParent + CHILD2] = sibling;
    parent[leaf] = NULL_NODE;
    this.freeNode(p);
    if (grandParent !== NULL_NODE) this.refitUpward(grandParent);
  }

  /**
   * Greedy SAH descent. Making node N the new leaf's sibling costs perimeter(N ∪ leaf) (the new parent) plus how much
   * every ancestor of N grows ("inherited"). A node below child C costs at least inherited + growth of C + the leaf's
   * own perimeter, which bounds the whole subtree; descend into the child with the lower bound while it can still win.
   *
   * Only nodes of height <= 1 may become the sibling: pairing a leaf with a taller subtree would create a parent that
   * is unbalanced by more than one rotation can repair. (So in this tree every leaf's sibling has height <= 1; a huge
   * box sits low and inflates its O(log n) ancestors instead of sitting near the root, a small price per query.)
   */
  private findBestSibling(leaf: number): number {
    const boxes = this._boxes,
      nodes = this._nodes,
      height = this._height;
    const lq = NODE_STRIDE * leaf;
    const x0 = boxes[lq],
      y0 = boxes[lq + 1],
      x1 = boxes[lq + 2],
      y1 = boxes[lq + 3];
    const leafArea = x1 - x0 + (y1 - y0);
    const lcx = x0 + x1,
      lcy = y0 + y1; // doubled centre, only compared

    let node = this._root;
    let nodeArea = this.halfPerimeter(node);
    let unionArea = unionHalfPerimeter(boxes, NODE_STRIDE * node, x0, y0, x1, y1);
    let inherited = 0;
    let best = NULL_NODE;
    let bestCost = 1e300;
    if (height[node] <= 1) {
      best = node;
      bestCost = unionArea;
    }
    while (height[node] > 0) {
      const cost = unionArea + inherited;
      if (cost < bestCost && height[node] <= 1) {
        best = node;
        bestCost = cost;
      }
      inherited += unionArea - nodeArea; // any sibling below `node` also grows `node`

      const a = nodes[NODE_STRIDE * node + CHILD1],
        b = nodes[NODE_STRIDE * node + CHILD2];
      const aq = NODE_STRIDE * a,
        bq = NODE_STRIDE * b;
      const unionA = unionHalfPerimeter(boxes, aq, x0, y0, x1, y1);
      const unionB = unionHalfPerimeter(boxes, bq, x0, y0, x1, y1);
      let areaA = 0,
        areaB = 0;
      let boundA = 1e300,
        boundB = 1e300;
      if (height[a] === 0) {
        const costA = inherited + unionA;
        if (costA < bestCost) {
          best = a;
          bestCost = costA;
        }
      } else {
        areaA = this.halfPerimeter(a);
        // below a child that may itself be the sibling, the cheapest option may be that child
        boundA = inherited + unionA - areaA + (height[a] === 1 && areaA < leafArea ? areaA : leafArea);
      }
      if (height[b] === 0) {
        const costB = inherited + unionB;
        if (costB < bestCost) {
          best = b;
          bestCost = costB;
        }
      } else {
        areaB = this.halfPerimeter(b);
        // below a child that may itself be the sibling, the cheapest option may be that child
        boundB = inherited + unionB - areaB + (height[b] === 1 && areaB < leafArea ? areaB : leafArea);
      }
      if (bestCost <= boundA && bestCost <= boundB) break; // also ends at two leaves (both bounds 1e300)

      let goA = boundA < boundB;
      if (boundA === boundB) {
        // Both children contain the leaf equally well: prefer the one whose centre is nearer.
        const dax = boxes[aq] + boxes[aq + 2] - lcx,
          day = boxes[aq + 1] + boxes[aq + 3] - lcy;
        const dbx = boxes[bq] + boxes[bq + 2] - lcx,
          dby = boxes[bq + 1] + boxes[bq + 3] - lcy;
        goA = dax * dax + day * day <= dbx * dbx + dby * dby;
      }
      if (goA) {
        node = a;
        nodeArea = areaA;
        unionArea = unionA;
      } else {
        node = b;
        nodeArea = areaB;
        unionArea = unionB;
      }
    }
    if (best === NULL_NODE) {
      // Only when every cost overflowed (boxes near Number.MAX_VALUE): any node of height <= 1 is valid.
      best = this._root;
      while (height[best] > 1) best = nodes[NODE_STRIDE * best + CHILD1];
    }
    return best;
  }

  /** Refits and rebalances `start` and all its ancestors. Rebalancing keeps each node's index and slot. */
  private refitUpward(start: number): void {
    let i = start;
    while (i !== NULL_NODE) {
      this.refitNode(i);
      this.balance(i);
      i = this._parent[i];
    }
  }

  /** Box = union of the children's boxes; height = 1 + max of theirs. */
  private refitNode(i: number): void {
    const boxes = this._boxes,
      nodes = this._nodes,
      height = this._height;
    const q = NODE_STRIDE * i;
    const a = nodes[q + CHILD1],
      b = nodes[q + CHILD2];
    const aq = NODE_STRIDE * a,
      bq = NODE_STRIDE * b;
    boxes[q] = Math.min(boxes[aq], boxes[bq]);
    boxes[q + 1] = Math.min(boxes[aq + 1], boxes[bq + 1]);
    boxes[q + 2] = Math.max(boxes[aq + 2], boxes[bq + 2]);
    boxes[q + 3] = Math.max(boxes[aq + 3], boxes[bq + 3]);
    height[i] = 1 + Math.max(height[a], height[b]);
    nodes[q + CATEGORY] = nodes[aq + CATEGORY] | nodes[bq + CATEGORY];
    this._masks[i] = this._masks[a] | this._masks[b];
  }

  // ---- rotations --------------------------------------------------------------------------------------------------

  private balance(a: number): void {
    const height = this._height;
    if (height[a] < 2) return; // no grandchildren to swap with
    const b = this._nodes[NODE_STRIDE * a + CHILD1],
      c = this._nodes[NODE_STRIDE * a + CHILD2];
    const hb = height[b],
      hc = height[c];
    if (hc > hb + 1) this.rotateTowards(a, b, c);
    else if (hb > hc + 1) this.rotateTowards(a, c, b);
    else this.improveArea(a, b, c);
  }

  /**
   * AVL case: `tall` is two levels taller than `short`. Swapping `short` with tall's taller child lowers the subtree
   * back into balance; with equally tall grandchildren, take the swap that leaves `tall` with the smaller box.
   */
  private rotateTowards(a: number, short: number, tall: number): void {
    const f = this._nodes[NODE_STRIDE * tall + CHILD1],
      g = this._nodes[NODE_STRIDE * tall + CHILD2];
    const hf = this._height[f],
      hg = this._height[g];
    let y = f;
    if (hg > hf) {
      y = g;
    } else if (hg === hf && this.unionIsSmaller(short, f, g)) {
      y = g; // swapping with g leaves tall = (f, short), the smaller pair
    }
    this.swapNodes(a, short, tall, y);
  }

  /** Balanced case: take the child/grandchild swap that most reduces the perimeter of the changed child, if any. */
  private improveArea(a: number, b: number, c: number): void {
    this._swapGain[0] = 0;
    this._swapX = NULL_NODE;
    const height = this._height;
    if (height[c] > 0) {
      const f = this._nodes[NODE_STRIDE * c + CHILD1],
        g = this._nodes[NODE_STRIDE * c + CHILD2];
      this.considerSwap(b, c, f, g);
      this.considerSwap(b, c, g, f);
    }
    if (height[b] > 0) {
      const d = this._nodes[NODE_STRIDE * b + CHILD1],
        e = this._nodes[NODE_STRIDE * b + CHILD2];
      this.considerSwap(c, b, d, e);
      this.considerSwap(c, b, e, d);
    }
    if (this._swapX !== NULL_NODE) this.swapNodes(a, this._swapX, this._swapP, this._swapY);
  }

  /**
   * Candidate: child `x` trades places with grandchild `y` (child of `p`, sibling `keep`), leaving p = (x, keep).
   * Records it if it shrinks p more than the best so far and keeps both p and the parent balanced.
   */
  private considerSwap(x: number, p: number, y: number, keep: number): void {
    const height = this._height;
    const hx = height[x],
      hKeep = height[keep];
    if (hx > hKeep + 1 || hKeep > hx + 1) return;
    const hp = 1 + (hx > hKeep ? hx : hKeep);
    const hy = height[y];
    if (hp > hy + 1 || hy > hp + 1) return;
    const boxes = this._boxes;
    const pq = NODE_STRIDE * p,
      xq = NODE_STRIDE * x,
      kq = NODE_STRIDE * keep;
    const before = boxes[pq + 2] - boxes[pq] + (boxes[pq + 3] - boxes[pq + 1]);
    const after =
      Math.max(boxes[xq + 2], boxes[kq + 2]) -
      Math.min(boxes[xq], boxes[kq]) +
      (Math.max(boxes[xq + 3], boxes[kq + 3]) - Math.min(boxes[xq + 1], boxes[kq + 1]));
    const gain = before - after;
    if (gain > this._swapGain[0]) {
      this._swapGain[0] = gain;
      this._swapX = x;
      this._swapP = p;
      this._swapY = y;
    }
  }

  /** `x` is a child of `a`, `p` is a's other child and `y` a child of `p`: exchange x and y, then refit. */
  private swapNodes(a: number, x: number, p: number, y: number): void {
    const parent = this._parent,
      nodes = this._nodes,
      height = this._height;
    const aq = NODE_STRIDE * a,
      pq = NODE_STRIDE * p;
    if (nodes[aq + CHILD1] === x) nodes[aq + CHILD1] = y;
    else nodes[aq + CHILD2] = y;
    if (nodes[pq + CHILD1] === y) nodes[pq + CHILD1] = x;
    else nodes[pq + CHILD2] = x;
    parent[x] = p;
    parent[y] = a;
    this.refitNode(p);
    // a's box is unchanged: it covers the same leaves.
    const hy = height[y],
      hp = height[p];
    height[a] = 1 + (hy > hp ? hy : hp);
  }

  // ---- small helpers ----------------------------------------------------------------------------------------------

  private halfPerimeter(n: number): number {
    const boxes = this._boxes;
    const q = NODE_STRIDE * n;
    return boxes[q + 2] - boxes[q] + (boxes[q + 3] - boxes[q + 1]);
  }

  /** Is perimeter(m ∪ n1) < perimeter(m ∪ n2)? (Returns a boolean, not the doubles: see `_swapGain`.) */
  private unionIsSmaller(m: number, n1: number, n2: number): boolean {
    const boxes = this._boxes;
    const mq = NODE_STRIDE * m;
    const x0 = boxes[mq],
      y0 = boxes[mq + 1],
      x1 = boxes[mq + 2],
      y1 = boxes[mq + 3];
    return (
      unionHalfPerimeter(boxes, NODE_STRIDE * n1, x0, y0, x1, y1) <
      unionHalfPerimeter(boxes, NODE_STRIDE * n2, x0, y0, x1, y1)
    );
  }

  private contains(outer: number, inner: number): boolean {
    const boxes = this._boxes;
    const o = NODE_STRIDE * outer,
      i = NODE_STRIDE * inner;
    return (
      boxes[o] <= boxes[i] &&
      boxes[o + 1] <= boxes[i + 1] &&
      boxes[o + 2] >= boxes[i + 2] &&
      boxes[o + 3] >= boxes[i + 3]
    );
  }

  /** Writes a box into the query scratch array (the double-taking query forms are not for hot loops). */
  private scratchBox(minX: number, minY: number, maxX: number, maxY: number): Float64Array {
    const b = this._queryBox;
    b[0] = minX;
    b[1] = minY;
    b[2] = maxX;
    b[3] = maxY;
    return b;
  }

  /**
   * The box query behind every form: leaves overlapping box[o..o+3] whose category shares a bit with `mask`. It takes
   * the boxes as arrays because callers are often too large for V8 to inline this into (docs/design/v8-hot-code.md,
   * rule 1: the continuous stage allocated ~450 kB per step before).
   */
  private collect(box: Float64Array, o: number, out: IntBuffer, ids: boolean, mask: number): void {
    const root = this._root;
    if (root === NULL_NODE) return;
    const minX = box[o],
      minY = box[o + 1],
      maxX = box[o + 2],
      maxY = box[o + 3];
    const boxes = this._boxes,
      nodes = this._nodes;
    let stack = this._stack;
    let sp = 0;
    // A node is tested before it is pushed, not after it is popped: the children that miss (about half the tests of
    // a query in a dense pile) never touch the stack. Overlapping children are pushed in the same order as before,
    // so the leaves come out in the same depth-first order.
    // The stride and the record offsets are written as literals in this loop: a bundler turns module constants into
    // `var`s, which V8 reads again on every use (queries ran ~5% slower with NODE_STRIDE, CHILD1 ... CATEGORY).
    // The category sits in the record the test reads anyway, so the mask test costs no extra cache line. (With an
    // all-ones mask, most queries, only a leaf's category can rule it out: no real subtree has none.)
    let q = root << 2; // NODE_STRIDE * root
    if (mask !== -1 && (nodes[q + 3] & mask) === 0) return; // CATEGORY
    if (boxes[q] > maxX || boxes[q + 2] < minX || boxes[q + 1] > maxY || boxes[q + 3] < minY) return;
    stack[sp++] = root;
    while (sp > 0) {
      const n = stack[--sp];
      q = n << 2;
      if (nodes[q] < 0) {
        // a leaf (child1 is NULL_NODE), its box known to overlap
        if (mask === -1 && nodes[q + 3] === 0) continue; // a leaf of category 0 matches nothing
        out.push(ids ? n : nodes[q + 2]); // USER_DATA
        continue;
      }
      if (sp + 2 > stack.length) stack = this._stack = growI32(stack, sp + 2);
      // CHILD2 (q + 1) is pushed first, so that CHILD1 (q + 0) is visited first.
      for (let k = 1; k >= 0; k--) {
        const child = nodes[q + k];
        const r = child << 2;
        if (
          (mask === -1 || (nodes[r + 3] & mask) !== 0) &&
          boxes[r] <= maxX &&
          boxes[r + 2] >= minX &&
          boxes[r + 1] <= maxY &&
          boxes[r + 3] >= minY
        )
          stack[sp++] = child;
      }
    }
  }

  /**
   * Builds a tree over leaves[0, count) by median split (the plan of tree-build.ts); returns its root. Post-order: a
   * node is allocated after both its subtrees, whose roots wait on `_buildRoots`, the first child below the second.
   */
  private buildTree(count: number): number {
    const steps = this._planner.build(this._buildCx, this._buildCy, count);
    const plan = this._planner.plan;
    if (this._buildRoots.length < count) this._buildRoots = new Int32Array(count);
    const roots = this._buildRoots,
      leaves = this._buildLeaves;
    let rp = 0;
    // The last node pushed is the root. Kept in a local rather than read back from roots[0] after the loop: V8
    // compiles this loop on-stack before the first call returns, with no type feedback for code after the loop, and
    // deoptimised the function there on each of the first rebuilds (8 times in the tumbler's first 1,300 steps).
    let root = -1;
    for (let k = 0; k < steps; k++) {
      const op = plan[k];
      if (op >= 0) {
        root = leaves[op];
      } else {
        const right = roots[--rp];
        const left = roots[--rp];
        root = this.allocateNode();
        this._nodes[NODE_STRIDE * root + CHILD1] = left;
        this._nodes[NODE_STRIDE * root + CHILD2] = right;
        this._parent[left] = root;
        this._parent[right] = root;
        this.refitNode(root);
      }
      roots[rp++] = root;
    }
    return root;
  }
}

function checkBox(minX: number, minY: number, maxX: number, maxY: number): void {
  if (!(
    minX <= maxX &&
    minY <= maxY &&
    Number.isFinite(minX) &&
    Number.isFinite(minY) &&
    Number.isFinite(maxX) &&
    Number.isFinite(maxY)
  )) {
    throw new PhysicsError('INVALID_ARGUMENT', `bad box [${minX}, ${minY}] - [${maxX}, ${maxY}]`);
  }
}

function fail(message: string): never {
  throw new Error(`DynamicTree.validate: ${message}`);
}
