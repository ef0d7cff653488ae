import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './electron/core/security/csp';

// The app's version, built in (core/version.ts): a packaged app has no npm_package_version, and
// without it main said "0.0.0-dev" in app:info and to every MCP server as its clientInfo.
const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as {
  version: string;
};

// Main and preload bundle our own code; runtime dependencies stay external (node_modules in the asar).
export default defineConfig({
  main: {
    define: { __LENA_VERSION__: JSON.stringify(pkg.version) },
    plugins: [
      {
        // The first module of a node bundle's utility process (forked-node.ts): plain CommonJS,
        // copied as is beside index.js, where main forks it from.
        name: 'lena-node-bundle-shim',
        generateBundle() {
          this.emitFile({
            type: 'asset',
            fileName: 'node-bundle-shim.cjs',
            source: readFileSync(resolve(__dirname, 'electron/main/node-bundle-shim.cjs'), 'utf8'),
          });
        },
      },
    ],
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
