// The types of worker-source.js, which the build generates beside this file (scripts/build-worker.mjs; not committed).

/** worker-entry.ts and everything it imports, bundled into the text of one classic script. */
export declare const STEP_WORKER_SOURCE: string;
