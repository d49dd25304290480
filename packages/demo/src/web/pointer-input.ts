import { viewToWorld, worldToView, zoomAt, type Camera } from './camera.js';
import type { ToWorker } from './protocol.js';

/**
 * The canvas's mouse: a left press on a dynamic body drags it (the worker picks with `overlapPoint` and makes a mouse
 * joint); a left press on empty space pans, as do the right and middle buttons and shift with the left; the wheel
 * zooms about the pointer. Whether a left press hit a body is the worker's answer (`grabbed`), so until it comes the
 * press only remembers where the pointer goes.
 */
export class PointerInput {
  /** A body is being dragged (the worker said the press hit one). */
  dragging = false;
  /** A left press waiting for the worker's answer: where it began, where the pointer is, the camera then. */
  private pressing: { x: number; y: number; lastX: number; lastY: number; camX: number; camY: number } | null = null;
  private panning: { x: number; y: number; camX: number; camY: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly cam: Camera,
    private readonly send: (msg: ToWorker) => void,
    /** Called when the user pans (the camera stops following). */
    private readonly onPan: () => void,
  ) {
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', () => this.end());
    canvas.addEventListener('pointercancel', () => this.end());
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const r = canvas.getBoundingClientRect();
        zoomAt(cam, Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top, r.width, r.height);
      },
      { passive: false },
    );
  }

  /** The world point under client point (clientX, clientY). */
  toWorld(clientX: number, clientY: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return viewToWorld(this.cam, clientX - r.left, clientY - r.top, r.width, r.height);
  }

  /** The client point of world point (x, y). */
  toScreen(x: number, y: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const v = worldToView(this.cam, x, y, r.width, r.height);
    return { x: r.left + v.x, y: r.top + v.y };
  }

  /** The worker's answer to a press: the body it grabbed, or −1 (then the press pans, from where it began). */
  grabbed(eid: number): void {
    this.dragging = eid >= 0;
    const p = this.pressing;
    this.pressing = null;
    if (p !== null && eid < 0) {
      this.panning = { x: p.x, y: p.y, camX: p.camX, camY: p.camY };
      this.panTo(p.lastX, p.lastY);
    }
  }

  /** Forgets a press or drag in progress (a new scene). */
  reset(): void {
    this.dragging = false;
    this.pressing = null;
  }

  private down(e: PointerEvent): void {
    this.canvas.setPointerCapture(e.pointerId);
    if (e.button === 1 || e.button === 2 || (e.button === 0 && e.shiftKey)) {
      this.panning = { x: e.clientX, y: e.clientY, camX: this.cam.x, camY: this.cam.y };
      this.canvas.style.cursor = 'grabbing';
      e.preventDefault();
    } else if (e.button === 0) {
      const c = this.cam;
      this.pressing = { x: e.clientX, y: e.clientY, lastX: e.clientX, lastY: e.clientY, camX: c.x, camY: c.y };
      const p = this.toWorld(e.clientX, e.clientY);
      this.send({ type: 'grab', x: p.x, y: p.y });
    }
  }

  private move(e: PointerEvent): void {
    if (this.panning !== null) {
      this.panTo(e.clientX, e.clientY);
    } else if (this.pressing !== null) {
      this.pressing.lastX = e.clientX;
      this.pressing.lastY = e.clientY;
    } else if (this.dragging && e.buttons & 1) {
      const p = this.toWorld(e.clientX, e.clientY);
      this.send({ type: 'drag', x: p.x, y: p.y });
    }
  }

  private end(): void {
    this.pressing = null;
    if (this.panning !== null) {
      this.panning = null;
      this.canvas.style.cursor = '';
    } else {
      this.send({ type: 'release' });
      this.dragging = false;
    }
  }

  private panTo(clientX: number, clientY: number): void {
    const pan = this.panning;
    if (pan === null) return;
    this.cam.x = pan.camX - (clientX - pan.x) / this.cam.scale;
    this.cam.y = pan.camY + (clientY - pan.y) / this.cam.scale;
    this.onPan();
  }
}
