// Churn CLI: `pnpm churn [--cycles N] [--population P] [--seed S]` (default a million cycles). Prints capacities at
// a tenth of the run and at the end, heap use, and fails (exit 1) if any capacity grew after the first tenth.
import { churn } from './churn.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}
const cycles = arg('cycles', 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heap0 = process.memoryUsage().heapUsed;
const t0 = performance.now();
const r = churn(cycles, arg('population', 24), arg('seed', 1), arg('validate-every', 1000));
const seconds = (performance.now() - t0) / 1000;
gc?.();
const heap1 = process.memoryUsage().heapUsed;
console.log(`churn: ${cycles} cycles in ${seconds.toFixed(1)} s (${((1e3 * seconds) / cycles).toFixed(3)} ms/cycle)`);
console.log(`live at end: ${r.bodies} bodies, ${r.contacts} contacts, ${r.joints} joints`);
console.log('capacities after 10%:', JSON.stringify(r.early));
console.log('capacities at end:   ', JSON.stringify(r.final));
console.log(`heap: ${(heap0 / 1e6).toFixed(1)} MB before, ${(heap1 / 1e6).toFixed(1)} MB after (after gc)`);
const grew = Object.keys(r.final).filter(
  (k) => r.final[k as keyof typeof r.final] > 2 * r.early[k as keyof typeof r.early],
);
if (grew.length > 0) {
  console.log(`FAIL: grew more than twofold after the first tenth: ${grew.join(', ')}`);
  process.exitCode = 1;
}
