import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server at /operator/; in development the API is proxied to it.
export default defineConfig({
  base: '/operator/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: {
      '/web': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
