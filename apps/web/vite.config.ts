// Vite for the web app: dev server proxying the API, SCSS theme, and vendor chunks split so the entry stays small.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Vendor code in a few long-cached chunks that change only when dependencies do. The entry then holds
 * only the app's boot code; react-bootstrap loads with the first layout, not before.
 */
const VENDOR_CHUNKS: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-data', test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  {
    name: 'vendor-bootstrap',
    test: /[\\/]node_modules[\\/](react-bootstrap|@restart|@popperjs|@react-aria|dom-helpers|uncontrollable|react-transition-group|prop-types|warning|invariant|classnames|dequal|@babel[\\/]runtime)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    // /uploads: member photos are files the API serves (docs/members.md, Storage).
    proxy: { '/api': `http://localhost:${apiPort}`, '/healthz': `http://localhost:${apiPort}`, '/uploads': `http://localhost:${apiPort}` },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_CHUNKS.map((chunk, index) => ({ ...chunk, priority: VENDOR_CHUNKS.length - index })) },
      },
    },
  },
});
