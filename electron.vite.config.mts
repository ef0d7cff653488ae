import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './electron/core/security/csp';

// Main and preload bundle our own code; runtime dependencies stay external (node_modules in the asar).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [
      react(),
      {
        // The dev server sends the same CSP as the packaged app:// protocol, except for Vite's HMR socket.
        name: 'lena-csp',
        configureServer(server) {
          server.middlewares.use((_req, res, next) => {
            res.setHeader('Content-Security-Policy', contentSecurityPolicy({ dev: true }));
            next();
          });
        },
      },
    ],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
