import { defineConfig } from 'vitest/config';

// The workspace packages export their TypeScript sources under the `source` condition (listed first in each exports
// entry), so the tests run the current code with no package build.
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
  },
});
