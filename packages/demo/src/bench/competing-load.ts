import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `--load`: a process that keeps one core busy for the whole benchmark (a plain spin loop in another Node process),
 * to see how threaded engines fare on a machine something else is using, as a game's machine usually is. Every engine
 * of the run meets the same load, so their ratios stay comparable.
 */
export function startCompetingLoad(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  child.unref();
  const stop = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return child;
}

/** Ends the load started by startCompetingLoad. */
export function stopCompetingLoad(child: ChildProcess | null): void {
  if (child !== null && child.exitCode === null) child.kill('SIGKILL');
}
