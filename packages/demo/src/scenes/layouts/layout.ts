/**
 * Engine-neutral description of a benchmark scene: plain numbers, no engine imports. Our own scene builders
 * (`../large-pyramid.ts`, …) and every peer engine adapter build their worlds from the same layout, so all engines
 * simulate the same bodies in the same creation order.
 */

/** A shape fixed to a static body, in that body's local frame (metres). */
export type StaticShapeLayout =
  | { readonly kind: 'box'; readonly hx: number; readonly hy: number }
  | { readonly kind: 'segment'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };

/** One static body and its shapes. */
export interface StaticBodyLayout {
  readonly x: number;
  readonly y: number;
  readonly shapes: readonly StaticShapeLayout[];
}

/** Identical dynamic boxes, axis-aligned at rest. */
export interface BoxSetLayout {
  /** Half-extents, metres. */
  readonly hx: number;
  readonly hy: number;
  /** kg/m². */
  readonly density: number;
  readonly friction: number;
  /** Centre positions, metres: x0, y0, x1, y1, … in creation order. */
  readonly positions: Float64Array;
}

export interface SceneLayout {
  /** m/s². */
  readonly gravity: { readonly x: number; readonly y: number };
  /** Friction of the static shapes (ground, segments). */
  readonly staticFriction: number;
  readonly statics: readonly StaticBodyLayout[];
  readonly boxes: BoxSetLayout;
  /** Box indices (pyramid tops) whose height must hold within `probeTolerance` for the scene to count as standing. */
  readonly probes: Int32Array;
  /** Metres. */
  readonly probeTolerance: number;
  /** How a probe is judged against `probeTolerance` (default `height`, see `ProbeCheck`). */
  readonly probeCheck?: ProbeCheck;
  /** Sleeping on for this scene (every engine); default off. */
  readonly sleep?: boolean;
}

/**
 * `height`: the probe's height change (pyramid tops); `moved`: its distance from its start point; `near`: its
 * distance from (x, y) at the end of the run; `inside`: how far it ends outside the box (0 inside).
 */
export type ProbeCheck =
  | { readonly kind: 'height' }
  | { readonly kind: 'moved' }
  | { readonly kind: 'near'; readonly x: number; readonly y: number }
  | {
      readonly kind: 'inside';
      readonly minX: number;
      readonly minY: number;
      readonly maxX: number;
      readonly maxY: number;
    };

/** A named layout with Box2D's benchmark step count. */
export interface LayoutDef {
  readonly name: string;
  readonly steps: number;
  readonly layout: () => SceneLayout;
  /**
   * The scene needs more than boxes and statics (joints, filters, motors, sleeping bodies, initial velocity), so each
   * engine builds it with its own code (`BenchEngine.ownScenes`) and engines without a builder report it n/a. Then
   * `layout().statics` is empty and `layout().boxes.positions` lists the start positions of the bodies an engine
   * hands back, in its `readPositions` order (the other `boxes` fields describe those bodies for reference only).
   */
  readonly perEngine?: boolean;
}

/** Half-thickness (m) of the thin box that stands in for a segment in engines whose segments cannot hold boxes. */
export const SEGMENT_BOX_HALF_THICKNESS = 0.1;

/**
 * A segment as a thin box whose top face lies on the segment (for horizontal segments only), for engines without a
 * segment-vs-box collider (p2, matter). Returns centre and half-extents in the body frame.
 */
export function segmentAsBox(s: Extract<StaticShapeLayout, { kind: 'segment' }>): {
  cx: number;
  cy: number;
  hx: number;
  hy: number;
} {
  if (s.y1 !== s.y2) throw new Error('segmentAsBox: only horizontal segments are supported');
  const t = SEGMENT_BOX_HALF_THICKNESS;
  return { cx: 0.5 * (s.x1 + s.x2), cy: s.y1 - t, hx: 0.5 * Math.abs(s.x2 - s.x1), hy: t };
}

/** Note for the report where an engine used `segmentAsBox`. */
export const SEGMENT_NOTE = `segments as static boxes ${2 * SEGMENT_BOX_HALF_THICKNESS} m thick`;

export function hasSegments(layout: SceneLayout): boolean {
  return layout.statics.some((s) => s.shapes.some((shape) => shape.kind === 'segment'));
}
