// Electron's utility process as the fork function core's node-bundle transport takes
// (core/mcp/transports/forked-node.ts): stdout and stderr piped, stdin through the shim.
import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { NodeBundleRunner } from '../core/desktop/server-launch';

/** Runs installed `node` bundles with the Node inside Lena; the shim is built beside index.js. */
export function utilityNodeRunner(mainDir: string): NodeBundleRunner {
  return {
    shim: join(mainDir, 'node-bundle-shim.cjs'),
    fork: (modulePath, args, options) =>
      utilityProcess.fork(modulePath, args, { ...options, stdio: 'pipe' }),
  };
}
