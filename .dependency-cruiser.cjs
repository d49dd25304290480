// The import rules of the workspace, checked by `pnpm lint` (dependency-cruiser). Two kinds:
//  - no file takes part in an import circle, anywhere;
//  - inside @impulse2d/core, a file imports only files of its own layer or of a layer below; a folder is a layer.
//    Bottom up: base maths and storage → pure geometry → collision → broadphase trees → solver records → the world
//    state (stores and PhysicsState) → lifecycle operations → the public API → the package entry points. A core
//    file in no layer may import nothing from core: add its folder to `layers` below.
// CONTRIBUTING.md ("Layers") explains the order and what goes where.

const core = (pattern) => `^packages/core/src/${pattern}`;
const any = (...patterns) => patterns.map((p) => `(?:${p})`).join('|');

/**
 * The layers of core, bottom first: a folder is one layer (a concept whose parts sit on different layers is split
 * over the folders of those layers: a body's columns in state/, its island walk in lifecycle/, its API in body/).
 * Each pattern is matched against a path from the repository root.
 */
const layers = [
  { name: 'base', path: any(core('(errors|settings|handles|debug-drawer)\\.ts$'), core('(math|storage)/')) },
  { name: 'geometry (pure)', path: core('geometry/') },
  { name: 'collision (pure)', path: core('collision/') },
  { name: 'broadphase trees (self-contained structures)', path: core('broadphase/') },
  { name: 'solver records', path: core('solver/') },
  { name: 'the world state: the stores and PhysicsState that holds them', path: core('state/') },
  { name: 'lifecycle: what keeps the state consistent as things change', path: core('lifecycle/') },
  { name: 'public API: bodies, shapes, joints, events', path: core('(body|shape|joints|events)/') },
  { name: 'public API: the world', path: core('world/') },
  { name: 'public API: queries', path: core('queries/') },
  { name: 'public API: contact state and the pre-solve callback', path: core('contacts/') },
  { name: 'public API: characters (bodies moved by the mover queries)', path: core('character/') },
  { name: 'public API: snapshots', path: core('snapshot/') },
  { name: 'public API: debug draw', path: core('debug/') },
  { name: 'the package entry points', path: core('(index|internal)\\.ts$') },
];

const allowedInCore = layers.map((layer, i) => ({
  comment: `core layer "${layer.name}" imports its own layer and the ones below`,
  from: { path: layer.path },
  to: { path: any(...layers.slice(0, i + 1).map((l) => l.path)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a circle: split the shared part into a file both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-only-bitecs',
      severity: 'error',
      comment: '@impulse2d/core depends on bitecs alone: no other package, no Node built-in.',
      from: { path: core('') },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'core'], pathNot: 'node_modules/bitecs/' },
    },
  ],
  allowed: [
    ...allowedInCore,
    { comment: 'core may use bitecs', from: { path: core('') }, to: { path: 'node_modules/bitecs/' } },
    { comment: 'outside core, only the circle rule applies', from: { pathNot: core('') }, to: {} },
  ],
  allowedSeverity: 'error',
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/node_modules/', 'worker-source\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'types'] },
  },
};
