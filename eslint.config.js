import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import prettierConfig from 'eslint-config-prettier';

/**
 * Web layout rules (docs/web-layout.md). Shared code (components, hooks, lib, config) never imports a feature.
 * A feature reaches another feature only through its index.ts, and only one listed below: the list is the
 * features' dependency graph, checked here to have no cycle, so no two features import each other, even
 * through a third. app/ composes everything (its route table lazy-loads each screen by its own file).
 */
export const WEB_FEATURE_DEPENDENCIES = {
  accounts: ['account-deletion', 'activation', 'auth', 'mail-change', 'notifications'],
  activation: ['match-finder'],
  chat: ['blocks', 'reports'],
  content: ['language'],
  layout: ['accounts', 'language', 'members'],
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

const webFeature = (feature, extra = {}) => ({ element: { type: 'web-feature', captured: { feature }, ...extra } });

const webBoundaries = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/legacy-templates': false,
    'boundaries/elements': [
      { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
      { type: 'web-feature', pattern: 'apps/web/src/features/*', partialMatch: false, capture: ['feature'] },
      {
        type: 'web-shared',
        pattern: 'apps/web/src/{components,hooks,lib,config,test-support,styles}',
        partialMatch: false,
      },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'Web layout (docs/web-layout.md): shared code imports no feature; a feature imports another only through its index.ts and only if listed in WEB_FEATURE_DEPENDENCIES (eslint.config.js).',
        policies: [
          {
            from: { element: { type: 'web-app' } },
            allow: { to: { element: { type: ['web-app', 'web-feature', 'web-shared'] } } },
          },
          { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: 'web-shared' } } } },
          {
            from: { element: { type: 'web-feature' } },
            allow: [{ to: { element: { type: 'web-shared' } } }, { to: webFeature('{{ from.captured.feature }}') }],
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

/**
 * Server layout rules (docs/server-layout.md). One direction: lib/ and db/ import nothing of the app; plugins/
 * (infrastructure: sessions, sites, jobs, mail, storage, bus...) import lib/, db/ and each other, never a module;
 * a module (feature) imports lib/, db/, plugins/, its own files, and another module only through that module's
 * index.ts and only if listed below. The list is the modules' dependency graph, checked to have no cycle.
 * app.ts, server.ts, services.ts (the composition root), config.ts and test-support/ compose everything.
 */
export const SERVER_MODULE_DEPENDENCIES = {
  accounts: ['credits'],
  admin: ['credits', 'payments', 'photos'],
  payments: ['credits', 'member-core'],
  chats: ['blocks', 'credits', 'member-core', 'photos'],
  blocks: ['member-core'],
  dev: ['accounts', 'sites'],
  landers: ['member-core', 'sites'],
  'first-view': ['landers'],
  likes: ['blocks', 'member-core'],
  matches: ['member-core'],
  notifications: ['member-core'],
  photos: ['member-core'],
  profiles: ['blocks', 'member-core', 'photos'],
  reports: ['blocks', 'member-core'],
  'data-export': ['member-core'],
  search: ['member-core'],
  swipe: ['blocks', 'likes', 'matches', 'member-core'],
};
assertAcyclic(SERVER_MODULE_DEPENDENCIES);

const serverModule = (module, extra = {}) => ({ element: { type: 'server-module', captured: { module }, ...extra } });

const serverBoundaries = {
  files: ['apps/server/src/**/*.ts'],
  // Tests may reach any helper they need (test helpers of other modules included).
  ignores: ['apps/server/src/**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/legacy-templates': false,
    'boundaries/elements': [
      { type: 'server-base', pattern: 'apps/server/src/{lib,db}', partialMatch: false },
      { type: 'server-plugin', pattern: 'apps/server/src/plugins', partialMatch: false },
      { type: 'server-module', pattern: 'apps/server/src/modules/*', partialMatch: false, capture: ['module'] },
      {
        type: 'server-root',
        pattern: 'apps/server/src/{app.ts,server.ts,services.ts,config.ts,test-support}',
        partialMatch: false,
      },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'Server layout (docs/server-layout.md): lib/db import nothing of the app, plugins never import a module, a module imports another only through its index.ts and only if listed in SERVER_MODULE_DEPENDENCIES (eslint.config.js).',
        policies: [
          {
            from: { element: { type: 'server-root' } },
            allow: { to: { element: { type: ['server-root', 'server-base', 'server-plugin', 'server-module'] } } },
          },
          { from: { element: { type: 'server-base' } }, allow: { to: { element: { type: 'server-base' } } } },
          {
            from: { element: { type: 'server-plugin' } },
            allow: { to: { element: { type: ['server-base', 'server-plugin'] } } },
          },
          {
            from: { element: { type: 'server-module' } },
            allow: [
              { to: { element: { type: ['server-base', 'server-plugin'] } } },
              { to: serverModule('{{ from.captured.module }}') },
            ],
          },
          ...Object.entries(SERVER_MODULE_DEPENDENCIES).map(([module, uses]) => ({
            from: serverModule(module),
            allow: uses.map((used) => ({ to: serverModule(used, { internalPath: 'index.ts' }) })),
          })),
        ],
      },
    ],
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
  webBoundaries,
  serverBoundaries,
  // Layout is Prettier's (`npm run format`); no lint rule argues with it.
  prettierConfig,
);
