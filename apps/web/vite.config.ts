// Vite for the web app: dev server proxying the API, SCSS theme, and vendor chunks split so the entry stays small.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Vendor code in a few long-cached chunks that change only when dependencies do. The entry then holds only the app's
 * boot code. react-bootstrap is not one chunk: its light parts (Container, Button, Form, Spinner...) split with the
 * screens that use them, and its overlays (Modal, Offcanvas, Dropdown, Popper, transitions) form one chunk that
 * nothing before the first paint needs (docs/web-build.md).
 */
const NM = String.raw`[\\/]node_modules[\\/]`;
/** react-bootstrap's overlay components and what only they use. */
const OVERLAY_MODULES =
  'Modal|Offcanvas|Dropdown|Navbar|Nav|Fade|Collapse|Toast|Overlay|Popover|Tooltip|BootstrapModalManager|AbstractModalHeader|TransitionWrapper|transitionEndListener|triggerBrowserReflow|usePlaceholder';
const VENDOR_CHUNKS: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-data', test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/ },
  // Before the overlays: a group takes its modules' dependencies along, so the shared helpers must be claimed first.
  {
    name: 'vendor-bootstrap',
    test: new RegExp(
      `${NM}(react-bootstrap[\\\\/]esm[\\\\/](?!${OVERLAY_MODULES})|classnames|prop-types|@restart[\\\\/]hooks|warning|invariant|@babel[\\\\/]runtime)`,
    ),
  },
  {
    name: 'vendor-overlays',
    test: new RegExp(
      `${NM}(@restart[\\\\/]ui|@popperjs|@react-aria|react-aria|react-transition-group|dom-helpers|uncontrollable|dequal|react-bootstrap[\\\\/]esm[\\\\/](${OVERLAY_MODULES}))`,
    ),
  },
];

const APP_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src') + path.sep;

/**
 * The web app's own modules as `"sideEffects": false` (their CSS and SCSS imports keep theirs): a module none of whose
 * exports is used is left out, so importing one hook from a feature's index.ts no longer brings every component the
 * index re-exports (the navigation took the like button and its Modal that way). No module of the app does anything
 * on import but declare (imports for effect alone are style sheets only; docs/web-build.md).
 */
function appModulesWithoutSideEffects(): Plugin {
  return {
    name: 'app-modules-without-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /\.tsx?$/ },
      handler(_code, id) {
        if (id.startsWith(APP_SOURCE) && !id.endsWith(`${path.sep}main.tsx`)) return { moduleSideEffects: false };
        return null;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), appModulesWithoutSideEffects()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    // /uploads: member photos are files the API serves (docs/members.md, Storage).
    // ws: the member socket (/api/socket) goes through the proxy too. The manifest, its icons, robots.txt and the
    // sitemap are answered per site by the server (modules/site-meta).
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, ws: true },
      '/healthz': `http://localhost:${apiPort}`,
      '/uploads': `http://localhost:${apiPort}`,
      ...Object.fromEntries(
        ['/manifest.webmanifest', '/icons', '/robots.txt', '/sitemap.xml'].map((url) => [
          url,
          `http://localhost:${apiPort}`,
        ]),
      ),
    },
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS.map((chunk, index) => ({ ...chunk, priority: VENDOR_CHUNKS.length - index })),
        },
      },
    },
  },
});
