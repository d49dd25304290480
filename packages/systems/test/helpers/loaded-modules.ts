// Which modules a program really loads: runs an ES module in a child Node process with a module hook
// (node:module register) that records the URL of every module the ES module loader loads, in load order. Used to show
// that a package's entry leaves a heavy module alone until it is needed (a lazy import()).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the child printed, and the URLs of the modules it loaded (node: built-ins included). */
export interface LoadedModules {
  readonly stdout: string;
  readonly urls: string[];
}

/**
 * Runs `code` (the text of an ES module, written to a temporary .mjs file: import the packages by absolute file URL)
 * and throws (with the child's stderr) when it fails. A file, not `node --input-type=module -e`: worker threads
 * inherit that flag, and it would make their eval'd scripts modules.
 */
export function loadedModules(code: string): LoadedModules {
  const dir = mkdtempSync(join(tmpdir(), 'impulse2d-loaded-'));
  const log = join(dir, 'loaded.txt');
  const program = join(dir, 'program.mjs');
  writeFileSync(program, code);
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    `  appendFileSync(${JSON.stringify(log)}, url + '\\n');`,
    '  return next(url, context);',
    '}',
  ].join('\n');
  const register = [
    "import { register } from 'node:module';",
    `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`,
  ].join('\n');
  try {
    const stdout = execFileSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, program],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
    );
    let urls: string[] = [];
    try {
      urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    } catch {
      // nothing loaded through the hook
    }
    return { stdout, urls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
