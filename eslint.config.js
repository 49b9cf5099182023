import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import prettierConfig from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';

/**
 * Web layout rules (docs/web-layout.md). Shared code (components, hooks, lib, config) never imports a feature.
 * A feature reaches another feature only through its index.ts, and only one listed below: the list is the
 * features' dependency graph, checked here to have no cycle, so no two features import each other, even
 * through a third. app/ composes everything (its route table lazy-loads each screen by its own file).
 */
export const WEB_FEATURE_DEPENDENCIES = {
  accounts: ['account-deletion', 'activation', 'auth', 'mail-change', 'notifications'],
  // The site form names each language of a site's texts as the language switcher does.
  admin: ['language'],
  activation: ['match-finder'],
  // A send refused for lack of credits offers the welcome bonus (credits' WelcomeBonusOffer).
  chat: ['blocks', 'credits', 'reports'],
  content: ['language'],
  layout: ['accounts', 'language', 'members'],
  // The match moment says hi right there (chat's QuickMessage).
  likes: ['chat'],
  'match-finder': ['likes'],
  members: ['activation', 'blocks', 'chat', 'likes', 'reports', 'search'],
  profile: ['blocks', 'photos', 'signup'],
  search: ['likes'],
  signup: ['activation', 'landers', 'photos'],
  'swipe-game': ['likes'],
};

/** Throws at load time when the declared feature graph has a cycle (a imports b imports ... a). */
export function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'active') throw new Error(`features import each other: ${[...trail, node].join(' -> ')}`);
    state.set(node, 'active');
    for (const next of graph[node] ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(WEB_FEATURE_DEPENDENCIES);

/**
 * Server layout rules (docs/server-layout.md). One direction: lib/ and db/ import nothing of the app; plugins/
 * (infrastructure: sessions, sites, jobs, mail, storage, bus...) import lib/, db/ and each other, never a module;
 * a module (feature) imports lib/, db/, plugins/, its own files, and another module only through that module's
 * index.ts and only if listed below. The list is the modules' dependency graph, checked to have no cycle.
 * app.ts, server.ts, services.ts (the composition root), config.ts and test-support/ compose everything.
 */
export const SERVER_MODULE_DEPENDENCIES = {
  accounts: ['chats', 'credits', 'notifications', 'profiles'],
  admin: [
    'accounts',
    'blocks',
    'chats',
    'content',
    'credits',
    'landers',
    'likes',
    'member-core',
    'payments',
    'photos',
    'profiles',
    'reports',
    'safety',
    'sites',
    'traffic',
  ],
  payments: ['accounts', 'credits', 'member-core', 'sites'],
  chats: ['blocks', 'credits', 'member-core', 'photos'],
  blocks: ['member-core'],
  dev: ['accounts', 'sites'],
  landers: ['member-core', 'sites', 'traffic'],
  'first-view': ['landers'],
  likes: ['blocks', 'member-core'],
  matches: ['member-core'],
  notifications: ['member-core', 'profiles'],
  photos: ['member-core'],
  profiles: ['blocks', 'member-core', 'photos'],
  reports: ['blocks', 'member-core'],
  'data-export': ['member-core'],
  safety: ['member-core'],
  search: ['member-core'],
  swipe: ['blocks', 'likes', 'matches', 'member-core'],
  visitors: ['member-core'],
};
assertAcyclic(SERVER_MODULE_DEPENDENCIES);

const webFeature = (feature, extra = {}) => ({ element: { type: 'web-feature', captured: { feature }, ...extra } });
const serverModule = (module, extra = {}) => ({ element: { type: 'server-module', captured: { module }, ...extra } });
const to = (...types) => ({ to: { element: { type: types } } });

/**
 * Every source file of the apps and packages is classified (an unclassified file or an import of one fails), and
 * imports run one way between the classes. The first element whose pattern matches a file wins.
 */
export const LAYOUT_ELEMENTS = [
  // packages/*: shared by both apps; a package imports only packages.
  { type: 'package', pattern: 'packages/*', partialMatch: false, capture: ['pkg'] },
  // Server (docs/server-layout.md).
  { type: 'server-base', pattern: 'apps/server/src/{lib,db}', partialMatch: false },
  { type: 'server-plugin', pattern: 'apps/server/src/plugins', partialMatch: false },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', partialMatch: false, capture: ['module'] },
  { type: 'server-test-support', pattern: 'apps/server/src/test-support', partialMatch: false },
  // The composition root: app.ts, server.ts, services.ts, config.ts (files directly in src/, nothing deeper).
  { type: 'server-root', pattern: 'apps/server/src/*.ts', mode: 'file' },
  // Web (docs/web-layout.md).
  { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', partialMatch: false, capture: ['feature'] },
  {
    type: 'web-shared',
    pattern: 'apps/web/src/{components,hooks,lib,config,test-support,styles}',
    partialMatch: false,
  },
  // The browser's and the server renderer's entries: main.tsx, entry-server.tsx (files directly in src/).
  { type: 'web-entry', pattern: 'apps/web/src/*.{ts,tsx}', mode: 'file' },
];

const layoutBoundaries = {
  files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
  // Server tests may reach any server helper they need (other modules' test data included); the rest still holds.
  ignores: ['apps/server/src/**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/legacy-templates': false,
    'boundaries/elements': LAYOUT_ELEMENTS,
    // The two file-mode elements below are the plugin's documented legacy form (see docs/server-layout.md).
    'boundaries/legacy-warnings': false,
  },
  rules: {
    'boundaries/no-unknown-files': 'error',
    'boundaries/no-unknown-dependencies': 'error',
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'Layout (docs/server-layout.md, docs/web-layout.md): packages import only packages; the apps never import each other; on the server lib/db import nothing of the app, plugins never import a module, a module imports another only through its index.ts and only if listed in SERVER_MODULE_DEPENDENCIES, and only the composition root and test-support import app.ts, services.ts or config.ts; on the web shared code imports no feature, and a feature imports another only through its index.ts and only if listed in WEB_FEATURE_DEPENDENCIES (eslint.config.js).',
        policies: [
          { from: { element: { type: 'package' } }, allow: to('package') },
          // Server.
          {
            from: { element: { type: ['server-root', 'server-test-support'] } },
            allow: to('server-root', 'server-test-support', 'server-base', 'server-plugin', 'server-module', 'package'),
          },
          { from: { element: { type: 'server-base' } }, allow: to('server-base', 'package') },
          { from: { element: { type: 'server-plugin' } }, allow: to('server-base', 'server-plugin', 'package') },
          {
            from: { element: { type: 'server-module' } },
            allow: [to('server-base', 'server-plugin', 'package'), { to: serverModule('{{ from.captured.module }}') }],
          },
          ...Object.entries(SERVER_MODULE_DEPENDENCIES).map(([module, uses]) => ({
            from: serverModule(module),
            allow: uses.map((used) => ({ to: serverModule(used, { internalPath: 'index.ts' }) })),
          })),
          // Web.
          { from: { element: { type: 'web-entry' } }, allow: to('web-entry', 'web-app', 'web-shared', 'package') },
          { from: { element: { type: 'web-app' } }, allow: to('web-app', 'web-feature', 'web-shared', 'package') },
          { from: { element: { type: 'web-shared' } }, allow: to('web-shared', 'package') },
          {
            from: { element: { type: 'web-feature' } },
            allow: [to('web-shared', 'package'), { to: webFeature('{{ from.captured.feature }}') }],
          },
          ...Object.entries(WEB_FEATURE_DEPENDENCIES).map(([feature, uses]) => ({
            from: webFeature(feature),
            allow: uses.map((used) => ({ to: webFeature(used, { internalPath: 'index.ts' }) })),
          })),
        ],
      },
    ],
  },
};

/** No import cycles anywhere in the apps and packages (a imports b imports ... a), whatever the layout allows. */
const noImportCycles = {
  files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
  // Cycles among the project's own files; packages in node_modules are not parsed (their bundles are large and minified).
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

/**
 * File and folder names in kebab case (`chat-top-bar.tsx`, `use-now.ts`, `modules/data-export/`), suffixes included
 * (`.test.ts`, `.e2e.ts`, `.process.test.ts`, `.bench.ts`): one spelling to search for, on every file system.
 */
const kebabCaseNames = {
  files: [
    'apps/*/src/**/*.{ts,tsx}',
    'packages/*/src/**/*.{ts,tsx}',
    'e2e/**/*.ts',
    'scripts/**/*.ts',
    'bench/**/*.ts',
  ],
  plugins: { 'check-file': checkFile },
  rules: {
    'check-file/filename-naming-convention': [
      'error',
      { '**/*.{ts,tsx}': 'KEBAB_CASE' },
      { ignoreMiddleExtensions: true },
    ],
    'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-releases/**',
      '**/node_modules/**',
      'apps/server/src/db/migrations/**',
      'data/**',
      'scratch/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The service worker: a plain script in the worker's global scope (no build step).
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  // The offline page's script (apps/server/src/modules/site-meta/offline-page.ts): a plain browser script.
  { files: ['apps/web/public/offline.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  layoutBoundaries,
  noImportCycles,
  kebabCaseNames,
  // Layout is Prettier's (`npm run format`); no lint rule argues with it.
  prettierConfig,
);
