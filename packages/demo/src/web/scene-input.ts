/**
 * The keyboard as a scene that takes keys sees it (a scene's `keys`, the platformer's arrows and space): which keys are
 * held, and which went down since the scene last asked. Keys are KeyboardEvent.code values ('ArrowLeft', 'KeyA',
 * 'Space'), which name the key's place on the keyboard whatever the layout, so WASD stays under the left hand on an
 * AZERTY keyboard too.
 *
 * In the testbed the page sends each key of the scene's list as it goes down and up, and the physics worker feeds them
 * here; the scene reads them in its beforeStep, once a step. A test feeds them itself.
 */
export class SceneInput {
  private readonly held = new Set<string>();
  private readonly pressed = new Set<string>();

  /** Key `code` went down. A key already held (the keyboard's auto-repeat) is no new press. */
  press(code: string): void {
    if (!this.held.has(code)) this.pressed.add(code);
    this.held.add(code);
  }

  /** Key `code` went up. A press not yet taken stays: a tap shorter than a step still counts once. */
  release(code: string): void {
    this.held.delete(code);
  }

  /** Every key up (the page lost the focus) and no press waiting. */
  clear(): void {
    this.held.clear();
    this.pressed.clear();
  }

  /** Is any of `codes` held? */
  isDown(codes: readonly string[]): boolean {
    for (const code of codes) if (this.held.has(code)) return true;
    return false;
  }

  /**
   * Did any of `codes` go down since the last call for it? Takes those presses, so each press answers true once: a
   * scene asks every step for what it does once per press (an explosion), and a press made while that is not possible
   * is dropped.
   */
  takePress(codes: readonly string[]): boolean {
    let any = false;
    for (const code of codes) if (this.pressed.delete(code)) any = true;
    return any;
  }
}
