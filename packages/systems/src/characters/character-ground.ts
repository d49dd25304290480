import {
  GEOMETRY_STRIDE,
  loadMoverShapePose,
  shapeRowOfHandle,
  ShapeType,
  type MoverPlanes,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { GROUND_MIN_UP } from './character-queries.js';
import {
  V_FACE_X,
  V_FACE_Y,
  V_GROUND_UP,
  V_STAND_COS,
  V_UP_X,
  V_UP_Y,
  type CharacterScratch,
} from './character-scratch.js';

/**
 * What a character stands on. Its capsule touches the world at points, each with the normal from that point to the
 * capsule's core; on a face that normal is the face's, but on an edge (a stair's nose, a box's corner) it leans
 * towards the capsule and says nothing of the ground: a round cap rolling over the nose of a stair meets it at 45° to
 * 90° while the stair itself is flat. So a character stands on plane `g` (the flattest that faces up, findGround):
 *
 *  - when its normal is within the stand angle (the climb and slide angles): the ground is that surface;
 *  - or when it touches a vertex of a shape, below its cap (normal·up > 0), and a face of the shape at that vertex,
 *    on its side, is within the stand angle: the ground is that face (a stair's tread; not the peak of a steep ridge,
 *    nor a circle, which has no faces).
 *
 * The face's normal is left in V_FACE_X, V_FACE_Y for the state (the ground's normal is the tread's, not the lean).
 */

/** A contact point this close (m) to a vertex of the shape's core is at that vertex. */
const VERTEX_TOLERANCE = 1e-6;

/**
 * Does the character stand on plane `g` of `planes` (see above), V_STAND_COS the cosine of its stand angle? Writes
 * the ground's normal to V_FACE_X, V_FACE_Y when it does. The planes must come from the character's mover
 * (their shapes are seen at its look-ahead pose).
 */
export function standsOn(p: PhysicsState, s: CharacterScratch, planes: MoverPlanes, g: number): boolean {
  if (g < 0) return false;
  const v = s.v;
  const standCos = v[V_STAND_COS];
  const nx = planes.normalX[g];
  const ny = planes.normalY[g];
  if (v[V_GROUND_UP] >= standCos) {
    v[V_FACE_X] = nx;
    v[V_FACE_Y] = ny;
    return true;
  }
  if (v[V_GROUND_UP] <= GROUND_MIN_UP) return false;
  return standsOnEdge(p, s, planes, g);
}

/** The vertex half of standsOn: plane `g`'s point is a vertex of its shape with a face within the stand angle. */
function standsOnEdge(p: PhysicsState, s: CharacterScratch, planes: MoverPlanes, g: number): boolean {
  const row = shapeRowOfHandle(planes.shape[g]);
  const geometry = p.shapes.geometry;
  const count = geometry.count[row];
  if (count < 2) return false;
  const v = s.v;
  const ux = v[V_UP_X];
  const uy = v[V_UP_Y];
  const nx = planes.normalX[g];
  const ny = planes.normalY[g];
  const radius = geometry.radius[row];
  // The contact point on the shape's core.
  const px = planes.pointX[g] - radius * nx;
  const py = planes.pointY[g] - radius * ny;
  loadMoverShapePose(p, s.mover, row);
  const pose = s.mover.query.shapePose;
  const x0 = pose[0];
  const y0 = pose[1];
  const c = pose[2];
  const sn = pose[3];
  const verts = geometry.verts;
  const normals = geometry.normals;
  const base = geometry.slot[row] * GEOMETRY_STRIDE;
  let vertex = -1;
  for (let i = 0; i < count; i++) {
    const lx = verts[base + 2 * i];
    const ly = verts[base + 2 * i + 1];
    const dx = x0 + c * lx - sn * ly - px;
    const dy = y0 + sn * lx + c * ly - py;
    if (dx * dx + dy * dy <= VERTEX_TOLERANCE * VERTEX_TOLERANCE) {
      vertex = i;
      break;
    }
  }
  if (vertex < 0) return false;
  // The faces at the vertex: a polygon's two edges; a segment's (or capsule's) two sides; a chain segment's own side
  // and its neighbour's (normals 2 and 3 hold the neighbours' normals: see GeometryStore).
  let first: number;
  let second: number;
  if (count >= 3) {
    first = vertex;
    second = vertex === 0 ? count - 1 : vertex - 1;
  } else if (geometry.type[row] === ShapeType.chainSegment) {
    first = 0;
    second = vertex === 0 ? 2 : 3;
  } else {
    first = 0;
    second = 1;
  }
  let best = -2;
  for (let k = 0; k < 2; k++) {
    const j = k === 0 ? first : second;
    const lx = normals[base + 2 * j];
    const ly = normals[base + 2 * j + 1];
    const fx = c * lx - sn * ly;
    const fy = sn * lx + c * ly;
    // On the character's side of the vertex, and the flattest such face.
    if (fx * nx + fy * ny < 0) continue;
    const fu = fx * ux + fy * uy;
    if (fu > best) {
      best = fu;
      v[V_FACE_X] = fx;
      v[V_FACE_Y] = fy;
    }
  }
  return best >= v[V_STAND_COS];
}
