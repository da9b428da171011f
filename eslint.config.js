// `npm run lint` (and `npm test`): the house rules that can check themselves. typescript-eslint's recommended rules,
// React's rules of hooks, and the floors of docs/architecture.md as import boundaries: each folder names the rooms
// it must not import, so an arrow that would run back up fails the lint instead of waiting for a review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns: imports of the rooms named (paths under src/, as the `@/` alias names them). */
function forbid(rooms, why) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [{ regex: `^@/(${rooms.join('|')})(/|$)`, message: why }],
    }],
  };
}

/** One import style: a relative import stays in its folder; what lies outside is named from the root by its alias. */
const CLIMB = 'Name a module outside this folder by its alias (@/ for src, @tests/, @scripts/), not by climbing with ../ (one import style)';
const ONE_IMPORT_STYLE = [
  { selector: "ImportDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: 'Import TypeScript modules without the .js extension (one import style)' },
  { selector: "ExportNamedDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: 'Import TypeScript modules without the .js extension (one import style)' },
  { selector: "ImportDeclaration[source.value=/^\\.\\.\\//]", message: CLIMB },
  { selector: "ExportNamedDeclaration[source.value=/^\\.\\.\\//]", message: CLIMB },
  { selector: "ExportAllDeclaration[source.value=/^\\.\\.\\//]", message: CLIMB },
  { selector: "ImportExpression[source.value=/^\\.\\.\\//]", message: CLIMB },
];

/** The server's rooms, and the files at its root that compose them (the ground-floor config, project-root and key files are not among them). */
const SERVER_ROOMS = ['routes', 'services', 'plugins', 'auth', 'chain', 'anchoring', 'ops', 'db', 'app', 'app-deps', 'bootstrap', 'main', 'chain-node'];
const serverRooms = (...rooms) => rooms.map((room) => `server/${room}`);

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
      'no-restricted-syntax': ['error', ...ONE_IMPORT_STYLE],
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
  { files: ['src/client/components/**'], rules: forbid(['client/features', 'client/pages', 'client/shell'], 'components/ are shared primitives: they import no feature, page or shell') },
  { files: ['src/client/features/**'], rules: forbid(['client/pages', 'client/shell'], 'A feature imports no page and no shell: pages compose features') },
  { files: ['src/server/db/**'], rules: forbid(serverRooms(...SERVER_ROOMS.filter((room) => room !== 'db')), 'db/ is the ground floor of the server: it imports no other server room') },
  { files: ['src/server/auth/**'], rules: forbid(serverRooms('routes', 'plugins', 'services', 'chain', 'anchoring', 'ops'), 'auth/ sits under the plugins and routes that use it') },
  { files: ['src/server/chain/**'], rules: forbid(serverRooms('routes', 'plugins', 'services', 'anchoring', 'ops', 'auth'), 'chain/ is the chain adapter: what the ledger puts on chain lives in anchoring/') },
  { files: ['src/server/services/**'], rules: forbid(serverRooms('routes', 'plugins', 'anchoring', 'ops'), 'services/ are use cases under the routes: they import no route, plugin or anchoring') },
  { files: ['src/server/anchoring/**'], rules: forbid(serverRooms('routes', 'plugins', 'ops'), 'anchoring/ sits under the routes and ops that use it') },
  { files: ['src/server/plugins/**'], rules: forbid(serverRooms('routes'), 'plugins/ sit under the routes') },
);
