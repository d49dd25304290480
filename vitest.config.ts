import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string): string => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

export default defineConfig({
  // The workspace tests run on the sources; the packages' exports point at their built dist/ (for users).
  resolve: {
    alias: [
      { find: /^@impulse2d\/core\/internal$/, replacement: src('core/src/internal.ts') },
      { find: /^@impulse2d\/core$/, replacement: src('core/src/index.ts') },
      { find: /^@impulse2d\/systems\/internal$/, replacement: src('systems/src/internal.ts') },
      { find: /^@impulse2d\/systems$/, replacement: src('systems/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 120_000,
    pool: 'forks',
  },
});
