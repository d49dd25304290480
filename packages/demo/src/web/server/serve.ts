/** `pnpm demo`: serves the built testbed (dist/web) on http://127.0.0.1:PORT (default 5173). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.js';

const dist = dirname(fileURLToPath(import.meta.url));
const root = join(dist, 'web');
const errorFile = join(dist, 'web-error.txt');
if (!existsSync(join(root, 'main.js'))) {
  const why = existsSync(errorFile) ? readFileSync(errorFile, 'utf8').trim() : 'dist/web/main.js is missing';
  console.error(`[demo] the testbed was not built: ${why}`);
  process.exit(1);
}
const port = process.env.PORT === undefined || process.env.PORT === '' ? 5173 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[demo] PORT must be an integer 0..65535, got '${process.env.PORT}'`);
  process.exit(1);
}
try {
  const s = await startStaticServer(root, port);
  console.log(`impulse2d testbed: ${s.url}  (Ctrl+C to stop)`);
  console.log(`PixiJS v8 example: ${s.url}pixi/`);
} catch (e) {
  const code = (e as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE' ? `[demo] port ${port} is in use: set PORT=… to pick another` : `[demo] ${String(e)}`,
  );
  process.exit(1);
}
