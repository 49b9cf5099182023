import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://localhost:${apiPort}`, '/healthz': `http://localhost:${apiPort}` },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
});
