// One linter for the workspace: typescript-eslint's recommended rules, plus the determinism rule below.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Math functions whose last bits ECMAScript leaves to the implementation (V8, SpiderMonkey and QuickJS differ).
 * Engine code uses `cosSin` / `atan2` from `core/src/math` and `Math.sqrt(x * x + y * y)` instead, so a world steps
 * to the same bits in every JavaScript engine. `Math.sqrt`, `abs`, `min`, `max`, `floor`, `fround` are exact.
 */
const inexactMath = [
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'asinh',
  'acosh',
  'atanh',
  'exp',
  'expm1',
  'log',
  'log1p',
  'log2',
  'log10',
  'pow',
  'cbrt',
  'hypot',
].map((property) => ({
  object: 'Math',
  property,
  message: `Math.${property} is not bit-identical across JavaScript engines; use the deterministic routines in core/src/math.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'docs/api/**',
      'benchmark/**',
      // Generated (scripts/build-worker.mjs), not committed.
      'packages/systems/src/workers/worker-source.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['packages/core/src/**/*.ts', 'packages/systems/src/**/*.ts'],
    rules: { 'no-restricted-properties': ['error', ...inexactMath] },
  },
  {
    // noUncheckedIndexedAccess is off (docs/design/v8-hot-code.md says why), so `a[i]!` asserts nothing the compiler
    // does not already assume; the engine packages keep none. Code whose array elements may really be undefined
    // declares that in the element type and checks it.
    files: ['packages/core/**/*.ts', 'packages/systems/**/*.ts', 'packages/batch/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSNonNullExpression > MemberExpression.expression[computed=true]',
          message: 'An index read needs no `!` (noUncheckedIndexedAccess is off); check for undefined where it can be.',
        },
      ],
    },
  },
);
