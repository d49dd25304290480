// The kernel's body passes (SolverKernel.integrateVelocities, clampVelocities, integratePositions) must give the bits
// of integrate.ts over any body states, the speed and spin clamps included: random states, some far over the limits,
// any range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BI_ANGULAR_DAMPING,
  BI_DVX,
  BI_DVY,
  BI_DW,
  BI_LINEAR_DAMPING,
  BI_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  KERNEL_SCALARS_ADDRESS,
  KS_H,
  KS_MAX_LINEAR_SPEED,
  SP_H,
  SP_MAX_LINEAR_SPEED,
  SP_STRIDE,
} from '@impulse2d/core/internal';
import { clampVelocities, integratePositions, integrateVelocities } from '../src/integrate.js';
import { createContactKernel } from '../src/wasm/contact-kernel.js';

// Up to 2,000 m/s and 2,000 rad/s: over the 400 m/s limit and, at 240 Hz substeps, the ~190 rad/s spin limit.
const fast = fc.double({ min: -2000, max: 2000, noNaN: true });
const body = fc.record({
  vx: fast,
  vy: fast,
  w: fast,
  dpx: fc.double({ min: -5, max: 5, noNaN: true }),
  dpy: fc.double({ min: -5, max: 5, noNaN: true }),
  angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  dvx: fc.double({ min: -1, max: 1, noNaN: true }),
  dvy: fc.double({ min: -1, max: 1, noNaN: true }),
  dw: fc.double({ min: -1, max: 1, noNaN: true }),
  linearDamping: fc.double({ min: 0.5, max: 1, noNaN: true }),
  angularDamping: fc.double({ min: 0.5, max: 1, noNaN: true }),
});

describe("the kernel's body passes", () => {
  it('integrate velocities, clamp and integrate positions to the bits of integrate.ts', () => {
    const capacity = 40;
    const statesAddress = 1024;
    const integrationAddress = statesAddress + capacity * BS_STRIDE * 8;
    const kernel = createContactKernel(integrationAddress + capacity * BI_STRIDE * 8)!;
    expect(kernel).not.toBeNull();
    const buffer = kernel.memory.buffer;
    const states = new Float64Array(buffer, statesAddress, capacity * BS_STRIDE);
    const integration = new Float64Array(buffer, integrationAddress, capacity * BI_STRIDE);
    const scalars = new Float64Array(buffer, KERNEL_SCALARS_ADDRESS, 2);
    const params = new Float64Array(SP_STRIDE);
    fc.assert(
      fc.property(
        fc.array(body, { minLength: 1, maxLength: capacity - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(1 / 60, 1 / 240, 1 / 960),
        fc.constantFrom(400, 4, 0.5),
        (bodies, skip, h, maxLinearSpeed) => {
          states.fill(0);
          integration.fill(0);
          bodies.forEach((b, k) => {
            const o = (k + 1) * BS_STRIDE;
            states[o + BS_VX] = b.vx;
            states[o + BS_VY] = b.vy;
            states[o + BS_W] = b.w;
            states[o + BS_DPX] = b.dpx;
            states[o + BS_DPY] = b.dpy;
            states[o + BS_DQC] = Math.cos(b.angle);
            states[o + BS_DQS] = Math.sin(b.angle);
            const io = (k + 1) * BI_STRIDE;
            integration[io + BI_DVX] = b.dvx;
            integration[io + BI_DVY] = b.dvy;
            integration[io + BI_DW] = b.dw;
            integration[io + BI_LINEAR_DAMPING] = b.linearDamping;
            integration[io + BI_ANGULAR_DAMPING] = b.angularDamping;
          });
          params[SP_H] = h;
          params[SP_MAX_LINEAR_SPEED] = maxLinearSpeed;
          scalars[KS_H] = h;
          scalars[KS_MAX_LINEAR_SPEED] = maxLinearSpeed;
          const first = Math.min(1 + skip, bodies.length);
          const end = bodies.length + 1;
          const expected = states.slice();
          integrateVelocities(expected, integration, end, params, first);
          kernel.integrateVelocities(statesAddress, integrationAddress, first, end, KERNEL_SCALARS_ADDRESS);
          expect(new Uint32Array(states.slice().buffer)).toEqual(new Uint32Array(expected.buffer));
          // The clamps alone (after the warm starts of a jointed world), on states pushed over the limits again.
          for (let k = first; k < end; k++) {
            expected[k * BS_STRIDE + BS_VX] *= 3;
            states[k * BS_STRIDE + BS_VX] *= 3;
            expected[k * BS_STRIDE + BS_W] *= 3;
            states[k * BS_STRIDE + BS_W] *= 3;
          }
          clampVelocities(expected, end, params, first);
          kernel.clampVelocities(statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
          expect(new Uint32Array(states.slice().buffer)).toEqual(new Uint32Array(expected.buffer));
          integratePositions(expected, end, params, first);
          kernel.integratePositions(statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
          expect(new Uint32Array(states.slice().buffer)).toEqual(new Uint32Array(expected.buffer));
        },
      ),
      { numRuns: 300 },
    );
  });
});
