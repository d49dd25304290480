// The kernel's colour sweeps (SolverKernel.solveColour, warmStartColour) take four records at once, trusting that they
// share no movable body. Over random records of one colour they must give the bits of the TypeScript sweeps, in
// either direction:
// any mix of one- and two-point records, speculative and overlapping points, rolling resistance on some lanes only,
// static bodies, and ranges that start and end anywhere within the records' pairs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_INV_I,
  BS_INV_MASS,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_IMPULSE_SCALE,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_MASS_SCALE,
  CC_NORMAL_X,
  CC_NORMAL_Y,
  CC_POINT_COUNT,
  CC_ROLLING_IMPULSE,
  CC_ROLLING_MASS,
  CC_ROLLING_RESISTANCE,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_DN_A,
  CCP_DN_B,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_NORMAL_MASS,
  CCP_RN_A,
  CCP_RN_B,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
  SP_STRIDE,
  contactRecord,
  contactRecordsLength,
} from '@impulse2d/core/internal';
import { solveContacts, warmStartContacts } from '../src/solve-contacts.js';
import { createContactKernel } from '../src/wasm/contact-kernel.js';

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const speed = fc.double({ min: -20, max: 20, noNaN: true });
const lever = fc.double({ min: -2, max: 2, noNaN: true });
const positive = fc.double({ min: 0, max: 5, noNaN: true });

const point = fc.record({
  rnA: lever,
  rnB: lever,
  dnA: lever,
  dnB: lever,
  // Speculative (> 0) and overlapping (< 0) points.
  separation: fc.double({ min: -0.1, max: 0.1, noNaN: true }),
  normalMass: positive,
  tangentMass: positive,
  normalImpulse: positive,
  tangentImpulse: unit,
  maxNormalImpulse: positive,
});

const record = fc.record({
  angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  // A static body on either side sometimes (index 0, the shared zero state).
  staticA: fc.boolean(),
  staticB: fc.constantFrom(false, false, false, true),
  friction: fc.double({ min: 0, max: 1, noNaN: true }),
  biasRate: fc.double({ min: 0, max: 100, noNaN: true }),
  massScale: fc.double({ min: 0, max: 1, noNaN: true }),
  impulseScale: fc.double({ min: 0, max: 1, noNaN: true }),
  twoPoints: fc.boolean(),
  tangentSpeed: fc.constantFrom(0, 0, 1.5),
  rollingResistance: fc.constantFrom(0, 0, 0, 0.2),
  rollingMass: positive,
  rollingImpulse: unit,
  points: fc.tuple(point, point),
});

const bodyState = fc.record({
  vx: speed,
  vy: speed,
  w: speed,
  invMass: fc.double({ min: 0, max: 2, noNaN: true }),
  invI: fc.double({ min: 0, max: 5, noNaN: true }),
  dpx: unit,
  dpy: unit,
  angle: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
});

type RecordSpec = typeof record extends fc.Arbitrary<infer T> ? T : never;
type BodySpec = typeof bodyState extends fc.Arbitrary<infer T> ? T : never;

/** Records `first` to `first + specs.length` in `cc` over bodies 1, 2, … (two a record: no body shared). */
function writeRecords(cc: Float32Array, first: number, specs: RecordSpec[]): void {
  specs.forEach((s, k) => {
    const o = contactRecord(first + k);
    cc[o + CC_INDEX_A] = s.staticA ? 0 : 1 + 2 * k;
    cc[o + CC_INDEX_B] = s.staticB && !s.staticA ? 0 : 2 + 2 * k;
    cc[o + CC_NORMAL_X] = Math.cos(s.angle);
    cc[o + CC_NORMAL_Y] = Math.sin(s.angle);
    cc[o + CC_FRICTION] = s.friction;
    cc[o + CC_BIAS_RATE] = s.biasRate;
    cc[o + CC_MASS_SCALE] = s.massScale;
    cc[o + CC_IMPULSE_SCALE] = s.impulseScale;
    cc[o + CC_POINT_COUNT] = s.twoPoints ? 2 : 1;
    cc[o + CC_TANGENT_SPEED] = s.tangentSpeed;
    cc[o + CC_ROLLING_RESISTANCE] = s.rollingResistance;
    cc[o + CC_ROLLING_MASS] = s.rollingMass;
    cc[o + CC_ROLLING_IMPULSE] = s.rollingImpulse;
    s.points.forEach((p, j) => {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      cc[q + CCP_RN_A] = p.rnA;
      cc[q + CCP_RN_B] = p.rnB;
      cc[q + CCP_DN_A] = p.dnA;
      cc[q + CCP_DN_B] = p.dnB;
      cc[q + CCP_ADJUSTED_SEPARATION] = p.separation;
      cc[q + CCP_NORMAL_MASS] = p.normalMass;
      cc[q + CCP_TANGENT_MASS] = p.tangentMass;
      cc[q + CCP_NORMAL_IMPULSE] = p.normalImpulse;
      cc[q + CCP_TANGENT_IMPULSE] = p.tangentImpulse;
      cc[q + CCP_MAX_NORMAL_IMPULSE] = p.maxNormalImpulse;
    });
  });
}

function writeStates(states: Float64Array, bodies: BodySpec[]): void {
  bodies.forEach((b, k) => {
    const o = (k + 1) * BS_STRIDE;
    states[o + BS_VX] = b.vx;
    states[o + BS_VY] = b.vy;
    states[o + BS_W] = b.w;
    states[o + BS_INV_MASS] = b.invMass;
    states[o + BS_INV_I] = b.invI;
    states[o + BS_DPX] = b.dpx;
    states[o + BS_DPY] = b.dpy;
    states[o + BS_DQC] = Math.cos(b.angle);
    states[o + BS_DQS] = Math.sin(b.angle);
  });
}

describe("the kernel's colour sweeps", () => {
  it('give the bits of the TypeScript sweeps over random records of one colour: warm start, then solve or relax in either direction', () => {
    const capacity = 24;
    const statesBytes = (2 * capacity + 1) * BS_STRIDE * 8;
    const recordsLength = contactRecordsLength(capacity);
    const kernel = createContactKernel(statesBytes + recordsLength * 4)!;
    expect(kernel).not.toBeNull();
    const states = new Float64Array(kernel.memory.buffer, 0, statesBytes / 8);
    const cc = new Float32Array(kernel.memory.buffer, statesBytes, recordsLength);
    const params = new Float64Array(SP_STRIDE);
    params[SP_INV_H] = 240;
    params[SP_PUSH_MAX_SPEED] = 3;
    const ordering = fc.record({ useBias: fc.boolean(), reverse: fc.boolean() });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(record, { minLength: 1, maxLength: capacity - 4 }),
        fc.array(bodyState, { minLength: 2 * capacity, maxLength: 2 * capacity }),
        ordering,
        (first, specs, bodies, { useBias, reverse }) => {
          states.fill(0);
          cc.fill(0);
          writeStates(states, bodies);
          writeRecords(cc, first, specs);
          const end = first + specs.length;
          const ccTs = cc.slice();
          const statesTs = states.slice();
          warmStartContacts(ccTs, end, statesTs, first);
          kernel.warmStartColour(statesBytes, first, end, 0);
          const warmed = new Uint32Array(statesTs.buffer).slice();
          expect(new Uint32Array(states.buffer, 0, states.length * 2)).toEqual(warmed);
          solveContacts(ccTs, end, statesTs, params, useBias, reverse, first);
          kernel.solveColour(statesBytes, first, end, 0, 240, 3, useBias ? 1 : 0);
          // Byte for byte: the records' impulses and the bodies' velocities, and -0 is not 0.
          expect(new Uint32Array(cc.buffer, cc.byteOffset, cc.length)).toEqual(new Uint32Array(ccTs.buffer));
          expect(new Uint32Array(states.buffer, 0, states.length * 2)).toEqual(new Uint32Array(statesTs.buffer));
        },
      ),
      { numRuns: 300 },
    );
  });
});
