import type { SolverKernel } from '@impulse2d/core/internal';
import { CONTACT_SOLVER_WASM_BASE64 } from './contact-solver-bytes.js';

/**
 * The WebAssembly contact solver kernel (source: wasm/contact-solver.ts, AssemblyScript). Each world gets its own
 * instance and memory, holding that world's solver arrays; the compiled module is shared (it is read-only).
 * Where the JavaScript engine has no WebAssembly (QuickJS, some embedded runtimes) or refuses to compile it, worlds
 * run the TypeScript path, which gives the same bits.
 */
let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel module, or null when WebAssembly is unavailable here. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  if (typeof WebAssembly === 'object' && typeof WebAssembly.Module === 'function') {
    try {
      compiled = new WebAssembly.Module(decodeBase64(CONTACT_SOLVER_WASM_BASE64));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * A fresh kernel instance with its own memory of at least `bytes` (one page at least), or null when WebAssembly is
 * unavailable. The memory is never grown in place (see SolverKernel.grown): a larger one is a new instance.
 */
export function createContactKernel(bytes = 0): SolverKernel | null {
  const module = kernelModule();
  if (module === null) return null;
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / WASM_PAGE_BYTES)) });
  const instance = new WebAssembly.Instance(module, {
    env: {
      memory,
      abort: () => {
        throw new Error('contact solver kernel aborted');
      },
    },
  });
  const exports = instance.exports as unknown as Pick<SolverKernel, 'warmStartContacts' | 'solveContacts'>;
  return {
    memory,
    warmStartContacts: exports.warmStartContacts,
    solveContacts: exports.solveContacts,
    grown: (size: number) => createContactKernel(size)!,
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
    value = (value << 6) | values[text.charCodeAt(i)]!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
