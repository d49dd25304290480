import {
  BUILD_BODY_A,
  BUILD_BODY_B,
  BUILD_C,
  BUILD_CENTRES,
  BUILD_FLAGS,
  BUILD_FRICTION,
  BUILD_HEADER,
  BUILD_HIT_EVENTS,
  BUILD_INDEX_OF,
  BUILD_LOCAL_CENTER_X,
  BUILD_LOCAL_CENTER_Y,
  BUILD_NORMAL_X,
  BUILD_NORMAL_Y,
  BUILD_PARAMS,
  BUILD_POINT_COUNT,
  BUILD_POINTS,
  BUILD_RECORD_ROWS,
  BUILD_RESTITUTION,
  BUILD_ROLLING_RESISTANCE,
  BUILD_S,
  BUILD_SLOT,
  BUILD_TANGENT_SPEED,
  BUILD_X,
  BUILD_Y,
  CENTRE_STRIDE,
  CONTACT_POINTS_STRIDE,
  ContactFlag,
  lineAligned,
  type PhysicsState,
} from '@impulse2d/core/internal';

type Column = Float64Array | Int32Array | Uint8Array;

/** The index spaces the inputs are counted in: contact rows, records, entities, body states, the step's scalars. */
const ROWS = 0;
const RECORDS = 1;
const ENTITIES = 2;
const BODIES = 3;
const SCALARS = 4;
const SPACES = 5;
/** Per header slot (BUILD_*): the input's index space, and its elements per index. */
const SPACE_OF = new Int32Array(BUILD_HEADER).fill(ROWS);
const WIDTH_OF = new Int32Array(BUILD_HEADER).fill(1);
SPACE_OF[BUILD_RECORD_ROWS] = RECORDS;
WIDTH_OF[BUILD_POINTS] = CONTACT_POINTS_STRIDE;
for (const slot of [BUILD_INDEX_OF, BUILD_X, BUILD_Y, BUILD_C, BUILD_S, BUILD_LOCAL_CENTER_X, BUILD_LOCAL_CENTER_Y]) {
  SPACE_OF[slot] = ENTITIES;
}
SPACE_OF[BUILD_CENTRES] = BODIES;
WIDTH_OF[BUILD_CENTRES] = CENTRE_STRIDE;
SPACE_OF[BUILD_PARAMS] = SCALARS;

/**
 * One input of the kernel's constraint builder: the first `length` elements of a source column, copied to `address`
 * of the kernel's memory by one block copy. The two views are made when the source, the length, the memory or the
 * address changes, not every step: a step allocates nothing (lengths are rounded up, see fit()).
 */
class StagedInput {
  source: Column | null = null;
  length = -1;
  buffer: ArrayBufferLike | null = null;
  address = -1;
  from: Column = new Uint8Array(0);
  to: Column = new Uint8Array(0);

  copy(source: Column, length: number, buffer: ArrayBufferLike, address: number): void {
    if (source !== this.source || length !== this.length || buffer !== this.buffer || address !== this.address) {
      this.source = source;
      this.length = length;
      this.buffer = buffer;
      this.address = address;
      this.from = source.subarray(0, length);
      this.to =
        source instanceof Float64Array
          ? new Float64Array(buffer, address, length)
          : source instanceof Int32Array
            ? new Int32Array(buffer, address, length)
            : new Uint8Array(buffer, address, length);
    }
    (this.to as Uint8Array).set(this.from as Uint8Array);
  }
}

/** What a world keeps between steps to stage its builder inputs: one StagedInput per header slot, and the header. */
class BuilderStaging {
  readonly inputs: StagedInput[] = [];
  /** Per header slot: this step's source column, its staged length and its offset from the staging address. */
  readonly sources: Column[] = new Array<Column>(BUILD_HEADER).fill(new Uint8Array(0));
  readonly lengths = new Int32Array(BUILD_HEADER);
  readonly offsets = new Int32Array(BUILD_HEADER);
  /** Indices copied per index space (ROWS ... SCALARS, see fit), as last step. */
  readonly counts = new Int32Array(SPACES);
  header: Int32Array<ArrayBufferLike> = new Int32Array(0);
  headerBuffer: ArrayBufferLike | null = null;
  headerAddress = -1;

  constructor() {
    for (let i = 0; i < BUILD_HEADER; i++) this.inputs.push(new StagedInput());
  }
}

const stagings = new WeakMap<PhysicsState, BuilderStaging>();

/**
 * How many elements of an index space to copy when `needed` are: `current` (last step's) while it holds them and is
 * at most a quarter more (and 256), so that a count drifting from step to step changes no view; else `needed` and an
 * eighth more (at least 256). Never more than `cap`, the source columns' length.
 */
function fit(current: number, needed: number, cap: number): number {
  if (current >= needed && current <= needed + (needed >> 2) + 256 && current <= cap) return current;
  return Math.min(cap, Math.max(256, needed + (needed >> 3)));
}

/**
 * Copies what the constraint builder reads for records 0 to n − 1 into the kernel's memory (solverData's staging
 * scratch, BUILD_HEADER in solver-layout.ts) and returns the staging address; −1 without a kernel. Rows up to the last
 * listed one, entities up to the largest body id, all body states' centres.
 */
export function stageBuilderInputs(p: PhysicsState, n: number): number {
  const sd = p.solverData;
  if (sd.kernel === null) return -1;
  let staging = stagings.get(p);
  if (staging === undefined) {
    staging = new BuilderStaging();
    stagings.set(p, staging);
  }
  const c = p.contacts;
  const b = p.bodies;
  const t = b.transform;
  const listed = sd.constrainedRows;
  const counts = staging.counts;
  counts[ROWS] = fit(counts[ROWS], n > 0 ? listed[n - 1] + 1 : 0, Math.min(c.flags.length, sd.constraintSlot.length));
  counts[RECORDS] = fit(counts[RECORDS], n, listed.length);
  let maxEid = 0;
  for (let k = 0; k < b.count; k++) if (b.list[k] > maxEid) maxEid = b.list[k];
  counts[ENTITIES] = fit(counts[ENTITIES], maxEid + 1, Math.min(sd.indexOf.length, t.x.length, b.localCenterX.length));
  counts[BODIES] = fit(counts[BODIES], sd.bodyCount, sd.centres.length / CENTRE_STRIDE);
  counts[SCALARS] = sd.params.length;
  // Layout: the header, then each input from a cache line, in header order.
  const sources = staging.sources;
  sources[BUILD_RECORD_ROWS] = listed;
  sources[BUILD_SLOT] = sd.constraintSlot;
  sources[BUILD_FLAGS] = c.flags;
  sources[BUILD_BODY_A] = c.bodyA;
  sources[BUILD_BODY_B] = c.bodyB;
  sources[BUILD_NORMAL_X] = c.normalX;
  sources[BUILD_NORMAL_Y] = c.normalY;
  sources[BUILD_FRICTION] = c.friction;
  sources[BUILD_RESTITUTION] = c.restitution;
  sources[BUILD_TANGENT_SPEED] = c.tangentSpeed;
  sources[BUILD_ROLLING_RESISTANCE] = c.rollingResistance;
  sources[BUILD_POINT_COUNT] = c.pointCount;
  sources[BUILD_POINTS] = c.points;
  sources[BUILD_INDEX_OF] = sd.indexOf;
  sources[BUILD_X] = t.x;
  sources[BUILD_Y] = t.y;
  sources[BUILD_C] = t.c;
  sources[BUILD_S] = t.s;
  sources[BUILD_LOCAL_CENTER_X] = b.localCenterX;
  sources[BUILD_LOCAL_CENTER_Y] = b.localCenterY;
  sources[BUILD_CENTRES] = sd.centres;
  sources[BUILD_PARAMS] = sd.params;
  const lengths = staging.lengths;
  for (let i = 0; i < BUILD_HIT_EVENTS; i++) lengths[i] = counts[SPACE_OF[i]] * WIDTH_OF[i];
  const offsets = staging.offsets;
  let bytes = lineAligned(BUILD_HEADER * 4);
  for (let i = 0; i < BUILD_HIT_EVENTS; i++) {
    offsets[i] = bytes;
    bytes = lineAligned(bytes + lengths[i] * sources[i].BYTES_PER_ELEMENT);
  }
  sd.reserveStaging(bytes);
  const buffer = sd.kernel.memory.buffer;
  const base = sd.stagingAddress;
  if (staging.headerBuffer !== buffer || staging.headerAddress !== base) {
    staging.headerBuffer = buffer;
    staging.headerAddress = base;
    staging.header = new Int32Array(buffer, base, BUILD_HEADER);
  }
  const header = staging.header;
  for (let i = 0; i < BUILD_HIT_EVENTS; i++) {
    header[i] = base + offsets[i];
    staging.inputs[i].copy(sources[i], lengths[i], buffer, base + offsets[i]);
  }
  header[BUILD_HIT_EVENTS] = ContactFlag.hitEvents;
  return base;
}
