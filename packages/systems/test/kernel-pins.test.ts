// The kernel's plain-pin passes (SolverKernel.warmStartPins, solvePins) must give the bits of joints/pin.ts: random
// pins between random body states (static ends, impulses over the warm-start bound included), solve and relax, either
// direction, over ranges that share bodies (the overflow set's order matters and must be kept).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  KERNEL_SCALARS_ADDRESS,
  KS_JOINT_IMPULSE_SCALE,
  KS_JOINT_MASS_SCALE,
  KS_JOINT_RATE,
  KS_MAX_LINEAR_SPEED,
  PIN_IMPULSE,
  PIN_STRIDE,
  SP_MAX_LINEAR_SPEED,
  SP_STRIDE,
} from '@impulse2d/core/internal';
import { solvePinJoints, warmStartPinJoints } from '../src/joints/pin.js';
import { createContactKernel } from '../src/wasm/contact-kernel.js';

const BODIES = 8;
const unit = fc.double({ min: -1, max: 1, noNaN: true });
const pin = fc.record({
  a: fc.integer({ min: 0, max: BODIES }),
  b: fc.integer({ min: 1, max: BODIES }),
  frame: fc.tuple(unit, unit, unit, unit),
  delta: fc.tuple(unit, unit),
  masses: fc.tuple(
    fc.double({ min: 0, max: 2, noNaN: true }),
    fc.double({ min: 0, max: 5, noNaN: true }),
    fc.double({ min: 0, max: 2, noNaN: true }),
    fc.double({ min: 0, max: 5, noNaN: true }),
  ),
  // Up to 10⁴ N s: over the bound (2 × the speed limit over the masses) for the light pins.
  impulse: fc.tuple(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true })),
});
const body = fc.record({
  v: fc.tuple(fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true }), unit),
  dp: fc.tuple(unit, unit),
  angle: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
});

describe("the kernel's pin passes", () => {
  it('warm start, solve and relax pins to the bits of joints/pin.ts, in either direction', () => {
    const capacity = 16;
    const statesAddress = 1024;
    const pinsAddress = statesAddress + (BODIES + 1) * BS_STRIDE * 8;
    const kernel = createContactKernel(pinsAddress + capacity * PIN_STRIDE * 8)!;
    expect(kernel).not.toBeNull();
    const buffer = kernel.memory.buffer;
    const states = new Float64Array(buffer, statesAddress, (BODIES + 1) * BS_STRIDE);
    const pins = new Float64Array(buffer, pinsAddress, capacity * PIN_STRIDE);
    const scalars = new Float64Array(buffer, KERNEL_SCALARS_ADDRESS, 8);
    const params = new Float64Array(SP_STRIDE);
    const softness = new Float64Array(3);
    const bytes = (a: Float64Array): Uint32Array => new Uint32Array(a.slice().buffer);
    fc.assert(
      fc.property(
        fc.array(pin, { minLength: 1, maxLength: capacity }),
        fc.array(body, { minLength: BODIES, maxLength: BODIES }),
        fc.tuple(
          fc.double({ min: 0, max: 60, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        fc.constantFrom(400, 1),
        fc.boolean(),
        (specs, bodies, soft, maxLinearSpeed, reverse) => {
          states.fill(0);
          pins.fill(0);
          bodies.forEach((s, k) => {
            const o = (k + 1) * BS_STRIDE;
            states[o + BS_VX] = s.v[0];
            states[o + BS_VY] = s.v[1];
            states[o + BS_W] = s.v[2];
            states[o + BS_DPX] = s.dp[0];
            states[o + BS_DPY] = s.dp[1];
            states[o + BS_DQC] = Math.cos(s.angle);
            states[o + BS_DQS] = Math.sin(s.angle);
          });
          specs.forEach((s, k) => {
            const o = k * PIN_STRIDE;
            pins[o + JC_INDEX_A] = s.a;
            pins[o + JC_INDEX_B] = s.b;
            [pins[o + JC_FRAME_AX], pins[o + JC_FRAME_AY], pins[o + JC_FRAME_BX], pins[o + JC_FRAME_BY]] = s.frame;
            [pins[o + JC_DELTA_CX], pins[o + JC_DELTA_CY]] = s.delta;
            [pins[o + JC_INV_MASS_A], pins[o + JC_INV_I_A], pins[o + JC_INV_MASS_B], pins[o + JC_INV_I_B]] = s.masses;
            [pins[o + PIN_IMPULSE], pins[o + PIN_IMPULSE + 1]] = s.impulse;
          });
          params[SP_MAX_LINEAR_SPEED] = maxLinearSpeed;
          softness.set(soft);
          scalars[KS_MAX_LINEAR_SPEED] = maxLinearSpeed;
          scalars[KS_JOINT_RATE] = soft[0];
          scalars[KS_JOINT_MASS_SCALE] = soft[1];
          scalars[KS_JOINT_IMPULSE_SCALE] = soft[2];
          const n = specs.length;
          const tsStates = states.slice();
          const tsPins = pins.slice();
          warmStartPinJoints(tsPins, 0, n, tsStates, params);
          kernel.warmStartPins(pinsAddress, 0, n, statesAddress, KERNEL_SCALARS_ADDRESS);
          expect(bytes(states)).toEqual(bytes(tsStates));
          expect(bytes(pins)).toEqual(bytes(tsPins));
          solvePinJoints(tsPins, 0, n, tsStates, softness, true, reverse);
          kernel.solvePins(pinsAddress, 0, n, statesAddress, KERNEL_SCALARS_ADDRESS, 1, reverse ? 1 : 0);
          expect(bytes(states)).toEqual(bytes(tsStates));
          expect(bytes(pins)).toEqual(bytes(tsPins));
          solvePinJoints(tsPins, 0, n, tsStates, softness, false, !reverse);
          kernel.solvePins(pinsAddress, 0, n, statesAddress, KERNEL_SCALARS_ADDRESS, 0, reverse ? 0 : 1);
          expect(bytes(states)).toEqual(bytes(tsStates));
          expect(bytes(pins)).toEqual(bytes(tsPins));
        },
      ),
      { numRuns: 300 },
    );
  });
});
