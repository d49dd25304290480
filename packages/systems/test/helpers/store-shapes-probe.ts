// Child process of store-shapes.test.ts, run with --allow-natives-syntax: for each object whose fields are defined
// from a declaration table (the stores, the settings, a step worker's views), prints
// `@@ <name> <fast properties> <same map as a second instance> <own fields> @@`, then V8's %DebugPrint of it, whose
// lines say where each field is kept (in-object or in the separate property array).
import { createPhysicsWorld, getPhysics, type PhysicsState } from '@impulse2d/core/internal';
import { createWorkerView } from '../../src/workers/worker-view.js';

const debugPrint = new Function('o', '%DebugPrint(o)') as (o: unknown) => void;
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

function objects(p: PhysicsState, view: ReturnType<typeof createWorkerView>): Record<string, object> {
  return {
    state: p,
    bodies: p.bodies,
    transform: p.bodies.transform,
    shapes: p.shapes,
    geometry: p.shapes.geometry,
    contacts: p.contacts,
    joints: p.joints,
    solverData: p.solverData,
    broadphase: p.broadphase,
    viewBodies: view.bodies,
    viewTransform: view.bodies.transform,
    viewShapes: view.shapes,
    viewBroadphase: view.broadphase,
    viewSolverData: view.solverData,
    viewJoints: view.joints,
  };
}

const a = objects(getPhysics(createPhysicsWorld()), createWorkerView());
const b = objects(getPhysics(createPhysicsWorld()), createWorkerView());
for (const name of Object.keys(a)) {
  const o = a[name];
  // Through %DebugPrint too, so that it lands in order among V8's own (separately buffered) output.
  debugPrint(`@@ ${name} ${hasFastProperties(o)} ${haveSameMap(o, b[name])} ${Object.keys(o).length} @@`);
  debugPrint(o);
}
