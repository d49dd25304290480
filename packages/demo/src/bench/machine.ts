import { cpus } from 'node:os';

/** A folder-safe machine name from the CPU model and core count, e.g. `amd-epyc-7b13-2c`. */
export function machineName(): string {
  const list = cpus();
  const model = list[0]?.model ?? 'unknown-cpu';
  const slug = model
    .toLowerCase()
    .replace(/\((r|tm)\)/g, '')
    .replace(/\b(cpu|processor|\d+-core)\b/g, '')
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'unknown-cpu'}-${list.length}c`;
}

/** One line about the machine and runtime, for the report header. */
export function machineSummary(): string {
  const list = cpus();
  return `${list[0]?.model ?? 'unknown CPU'} × ${list.length}, Node ${process.version}, ${process.platform}-${process.arch}`;
}
