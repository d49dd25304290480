import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Paths for the bundled CLI. Both bundles live in packages/demo/dist, so everything is found relative to this file's
 * bundle, whatever directory the command runs from.
 */
const DIST_DIR = dirname(fileURLToPath(import.meta.url));

export const distFile = (name: string): string => join(DIST_DIR, name);
export const DEMO_DIR = resolve(DIST_DIR, '..');
export const REPO_ROOT = resolve(DEMO_DIR, '..', '..');
/** Where the user typed the command: pnpm and npm run scripts in the package folder but record this. */
export const USER_CWD = process.env['INIT_CWD'] ?? process.cwd();
