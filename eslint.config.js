// `npm run lint` (and `npm test`): the house rules that can check themselves. typescript-eslint's recommended rules,
// React's rules of hooks, and the floors of docs/architecture.md as import boundaries: each folder names the rooms
// it must not import, so an arrow that would run back up fails the lint instead of waiting for a review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns: relative imports that reach into `rooms` (folder names under src/). */
function forbid(rooms, why) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [{ regex: `^(\\.\\.?/)+(?:.*/)?(${rooms.join('|')})(/|$)`, message: why }],
    }],
  };
}

const SERVER_ROOMS = ['server', 'routes', 'services', 'plugins', 'auth', 'chain', 'anchoring', 'ops', 'db'];

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'artifacts/**', 'cache/**', 'node_modules/**', 'bench/chain-engines/**', 'drizzle/**', 'coverage/**', '.diag/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are dead code, except a deliberately ignored `_` parameter or a rest sibling.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // One import style: relative imports of TypeScript name the module without an extension (the bundler resolves it).
      'no-restricted-syntax': ['error',
        { selector: "ImportDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: 'Import TypeScript modules without the .js extension (one import style)' },
        { selector: "ExportNamedDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: 'Import TypeScript modules without the .js extension (one import style)' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The floors. Pure rules import nothing with I/O; shared contracts import neither side.
  { files: ['src/domain/**'], rules: forbid(['server', 'client', 'shared'], 'domain/ is pure rules: it imports only domain/ (docs/architecture.md)') },
  { files: ['src/shared/**'], rules: forbid(['server', 'client', 'domain'], 'shared/ holds the API contracts: it imports neither side (docs/architecture.md)') },
  { files: ['src/client/**'], rules: forbid(['server'], 'The client talks to the server over HTTP only: import shared/ or domain/ instead') },
  { files: ['src/client/components/**'], rules: forbid(['features', 'pages', 'shell'], 'components/ are shared primitives: they import no feature, page or shell') },
  { files: ['src/client/features/**'], rules: forbid(['pages', 'shell'], 'A feature imports no page and no shell: pages compose features') },
  { files: ['src/server/db/**'], rules: forbid(SERVER_ROOMS.filter((room) => room !== 'db'), 'db/ is the ground floor of the server: it imports no other server room') },
  { files: ['src/server/auth/**'], rules: forbid(['routes', 'plugins', 'services', 'chain', 'anchoring', 'ops'], 'auth/ sits under the plugins and routes that use it') },
  { files: ['src/server/chain/**'], rules: forbid(['routes', 'plugins', 'services', 'anchoring', 'ops', 'auth'], 'chain/ is the chain adapter: what the ledger puts on chain lives in anchoring/') },
  { files: ['src/server/services/**'], rules: forbid(['routes', 'plugins', 'anchoring', 'ops'], 'services/ are use cases under the routes: they import no route, plugin or anchoring') },
  { files: ['src/server/anchoring/**'], rules: forbid(['routes', 'plugins', 'ops'], 'anchoring/ sits under the routes and ops that use it') },
  { files: ['src/server/plugins/**'], rules: forbid(['routes'], 'plugins/ sit under the routes') },
);
