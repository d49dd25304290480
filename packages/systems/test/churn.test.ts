// Churn: thousands of create/destroy cycles of bodies, shapes and joints while they touch leave no dangling data
// (validateWorld every 100 cycles) and stop growing the stores once the live population is steady.
import { describe, expect, it } from 'vitest';
import { churn } from './fuzz/churn.js';

describe('churn', () => {
  it('2,000 create/destroy cycles on a touching pile: capacities stay bounded and nothing dangles', () => {
    const r = churn(2000, 24, 3, 100);
    expect(r.bodies).toBe(25); // the population and the bin
    expect(r.contacts).toBeGreaterThan(20); // the pile touches
    for (const key of Object.keys(r.final) as (keyof typeof r.final)[]) {
      expect(r.final[key], key).toBeLessThanOrEqual(2 * r.early[key]);
    }
    // Entity ids are recycled: body columns are sized to the live population, not to the 2,000 bodies made.
    expect(r.final.bodyColumns).toBeLessThan(256);
    expect(r.final.shapeRows).toBeLessThan(256);
  });
});
