import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { routeWire } from './build/routeWire';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), routeWire()],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/web': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/web': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
