// Fuzz CLI: `pnpm fuzz --worlds N --seed S [--steps K] [--first I] [--verbose]`. Runs N seeded worlds of random API
// calls and steps, checks the invariants after every step, prints a reproducer for each failure and exits 1 if any.
import { DEFAULT_FUZZ_CONFIG, formatFailure, runFuzz } from './api-fuzzer.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

const worlds = arg('worlds', 1000);
const seed = arg('seed', 1);
const first = arg('first', 0);
const config = {
  steps: arg('steps', 200),
  callsPerStep: arg('calls', DEFAULT_FUZZ_CONFIG.callsPerStep),
  maxBodies: arg('bodies', DEFAULT_FUZZ_CONFIG.maxBodies),
  // By default a quarantine (the step froze a body whose state diverged) fails the world: the target is none at all.
  // --contain counts them and steps on, checking that the containment holds.
  quarantineIsFailure: !process.argv.includes('--contain'),
};
const verbose = process.argv.includes('--verbose');
const t0 = performance.now();
let shown = 0;
const summary = runFuzz(seed, worlds, config, first, (f) => {
  if (shown++ < 20 || verbose) console.log(formatFailure(f, verbose ? Infinity : 40) + '\n');
});
// Failures grouped by kind (the message with its numbers blanked), most frequent first.
const kinds = new Map<string, number>();
for (const f of summary.failures) {
  const kind = f.message
    .split('\n')[0]
    .replace(/-?[0-9][0-9.e+-]*/g, '#')
    .slice(0, 100);
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(6)}  ${kind}`);
const seconds = (performance.now() - t0) / 1000;
const quarantinedWorlds = new Set(summary.quarantines.map((q) => q.world)).size;
const quarantinedBodies = summary.quarantines.reduce((n, q) => n + q.bodies.length, 0);
console.log(
  `fuzz: seed ${seed}, worlds ${first}..${first + worlds - 1}, ${summary.steps} steps, ` +
    `${summary.failures.length} failures` +
    (config.quarantineIsFailure ? '' : `, ${quarantinedBodies} bodies quarantined in ${quarantinedWorlds} worlds`) +
    ` (${seconds.toFixed(1)} s)`,
);
process.exitCode = summary.failures.length > 0 ? 1 : 0;
