import { spawn } from 'node:child_process';
import { HEAP_WINDOW_NODE_FLAGS } from './heap.js';
import { distFile } from './paths.js';
import { PROGRESS_PREFIX, type RunResult } from './result.js';

export interface ChildRequest {
  readonly engine: string;
  readonly scene: string;
  readonly args: readonly string[];
  /** Seconds before the run is stopped. */
  readonly timeout: number;
}

/**
 * Run one engine × scene in a fresh `node --expose-gc <HEAP_WINDOW_NODE_FLAGS> dist/bench-run.js` and resolve to its JSON line. Never rejects:
 * a crash, a timeout or garbage output becomes a failed run that names the cause.
 */
export function runChild(
  request: ChildRequest,
  onProgress: (done: number, total: number, phase: string) => void,
  onLog: (line: string) => void,
): Promise<RunResult> {
  const argv = [
    '--expose-gc',
    ...HEAP_WINDOW_NODE_FLAGS,
    distFile('bench-run.js'),
    '--engine',
    request.engine,
    '--scene',
    request.scene,
    ...request.args,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderrTail = '';
    let pending = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, request.timeout * 1000);

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith(PROGRESS_PREFIX)) {
          const [done, total, ...phase] = line.slice(PROGRESS_PREFIX.length).split(' ');
          onProgress(Number(done ?? 0), Number(total ?? 0), phase.join(' ') || 'step');
        } else if (line.trim() !== '') {
          stderrTail = `${stderrTail}\n${line}`.slice(-2000);
          onLog(line);
        }
      }
    });
    const failed = (error: string): RunResult => ({
      ok: false,
      mode: 'scene',
      engine: request.engine,
      scene: request.scene,
      error,
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve(failed(`could not start the run: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve(failed(`stopped after ${request.timeout} s (--timeout)`));
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as RunResult);
      } catch {
        const why = signal !== null ? `killed by ${signal}` : `exit code ${code}`;
        resolve(failed(`run crashed (${why}): ${stderrTail.trim().split('\n').slice(-3).join(' | ') || 'no output'}`));
      }
    });
  });
}
