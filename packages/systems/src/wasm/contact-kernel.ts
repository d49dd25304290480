import type { SolverKernel } from '@impulse2d/core/internal';
import { CONTACT_SOLVER_SHARED_WASM_BASE64, CONTACT_SOLVER_WASM_BASE64 } from './contact-solver-bytes.js';

/**
 * The WebAssembly contact solver kernel (source: wasm/contact-solver.ts, AssemblyScript). Each world gets its own
 * instance and memory, holding that world's solver arrays; the compiled module is shared (it is read-only).
 * Where the JavaScript engine has no WebAssembly (QuickJS, some embedded runtimes) or refuses to compile it, worlds
 * run the TypeScript path, which gives the same bits.
 */
const compiled: Array<WebAssembly.Module | null | undefined> = [undefined, undefined];

/**
 * The compiled kernel module (its own memory, or `shared`: a shared memory, for worlds with step workers), or null
 * when WebAssembly, or shared WebAssembly memory, is unavailable here.
 */
export function kernelModule(shared: boolean): WebAssembly.Module | null {
  const k = shared ? 1 : 0;
  if (compiled[k] !== undefined) return compiled[k];
  compiled[k] = null;
  if (typeof WebAssembly === 'object' && typeof WebAssembly.Module === 'function') {
    try {
      compiled[k] = new WebAssembly.Module(
        decodeBase64(shared ? CONTACT_SOLVER_SHARED_WASM_BASE64 : CONTACT_SOLVER_WASM_BASE64),
      );
    } catch {
      compiled[k] = null;
    }
  }
  return compiled[k];
}

/** The functions a kernel instance exports. */
export type KernelFunctions = Pick<
  SolverKernel,
  | 'warmStartContacts'
  | 'warmStartColour'
  | 'solveContacts'
  | 'solveColour'
  | 'warmStartPins'
  | 'solvePins'
  | 'integrateVelocities'
  | 'integratePositions'
  | 'clampVelocities'
  | 'buildContacts'
>;

/** The kernel's functions in an instance of `module` over `memory`. */
export function instantiateKernel(module: WebAssembly.Module, memory: WebAssembly.Memory): KernelFunctions {
  const instance = new WebAssembly.Instance(module, {
    env: {
      memory,
      abort: () => {
        throw new Error('contact solver kernel aborted');
      },
    },
  });
  return instance.exports as unknown as KernelFunctions;
}

/**
 * A fresh kernel instance with its own memory of at least `bytes` (one page at least), or null when WebAssembly is
 * unavailable. The memory is never grown in place (see SolverKernel.grown): a larger one is a new instance. A
 * `shared` kernel's memory is a shared WebAssembly memory of exactly that size, which step workers run their own
 * instances over (null where shared memory is unavailable).
 */
export function createContactKernel(bytes = 0, shared = false): SolverKernel | null {
  const module = kernelModule(shared);
  if (module === null) return null;
  const pages = Math.max(1, Math.ceil(bytes / WASM_PAGE_BYTES));
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory(shared ? { initial: pages, maximum: pages, shared: true } : { initial: pages });
  } catch {
    return null;
  }
  const exports = instantiateKernel(module, memory);
  return {
    memory,
    shared,
    warmStartContacts: exports.warmStartContacts,
    solveContacts: exports.solveContacts,
    solveColour: exports.solveColour,
    warmStartColour: exports.warmStartColour,
    integrateVelocities: exports.integrateVelocities,
    warmStartPins: exports.warmStartPins,
    solvePins: exports.solvePins,
    integratePositions: exports.integratePositions,
    clampVelocities: exports.clampVelocities,
    buildContacts: exports.buildContacts,
    grown: (size: number) => createContactKernel(size, shared)!,
  };
}

const WASM_PAGE_BYTES = 65536;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 to bytes (no atob: not every JavaScript engine has it). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const values = new Uint8Array(128);
  for (let i = 0; i < BASE64.length; i++) values[BASE64.charCodeAt(i)] = i;
  let length = text.length;
  while (length > 0 && text[length - 1] === '=') length--;
  const out = new Uint8Array((length * 3) >> 2);
  let bits = 0;
  let value = 0;
  let n = 0;
  for (let i = 0; i < length; i++) {
    value = (value << 6) | values[text.charCodeAt(i)];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
