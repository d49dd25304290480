/** What the testbed's keys do (main.ts supplies each). */
export interface KeyActions {
  togglePause(): void;
  /** One step, pausing first. */
  step(): void;
  reset(): void;
  fit(): void;
  toggleFollow(): void;
  /** Zooms about the view's centre by `factor`. */
  zoom(factor: number): void;
  /** Pans by a tenth of the view, in the direction (dx, dy) (y up). */
  pan(dx: number, dy: number): void;
  /** Shows or hides the key help (no argument: toggles it). */
  help(show?: boolean): void;
  /**
   * Key `code` (KeyboardEvent.code) went down or up: true when the running scene plays with it (its `keys`), which
   * then takes it instead of the testbed.
   */
  sceneKey(code: string, down: boolean): boolean;
}

const PAN_KEYS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The testbed's keys, listed in the page's help overlay: space pause, s or . step, r reset, 0 fit, f follow, + and −
 * zoom, arrows pan, h or ? help, Esc closes it. Not while a select or slider has the focus, nor with a modifier. A
 * scene that plays with keys (the platformer's arrows and space) gets those first; their release always reaches it.
 */
export function bindKeys(target: Window, actions: KeyActions): void {
  target.addEventListener('keyup', (e) => {
    if (actions.sceneKey(e.code, false)) e.preventDefault();
  });
  target.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (actions.sceneKey(e.code, true)) {
      e.preventDefault();
      return;
    }
    const pan = PAN_KEYS[e.key];
    if (e.key === ' ') actions.togglePause();
    else if (e.key === 's' || e.key === '.') actions.step();
    else if (e.key === 'r') actions.reset();
    else if (e.key === '0') actions.fit();
    else if (e.key === 'f') actions.toggleFollow();
    else if (e.key === '+' || e.key === '=') actions.zoom(1.25);
    else if (e.key === '-') actions.zoom(1 / 1.25);
    else if (pan !== undefined) actions.pan(pan[0], pan[1]);
    else if (e.key === 'h' || e.key === '?') actions.help();
    else if (e.key === 'Escape') actions.help(false);
    else return;
    e.preventDefault();
  });
}
