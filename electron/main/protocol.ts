// The app:// protocol that serves the packaged renderer with the CSP header; the path checks live
// in core (resolveAppRequest).
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { resolveAppRequest } from '../core/security/app-protocol';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveApp(rendererDir: string, csp: string): void {
  protocol.handle('app', async (request) => {
    const resolved = resolveAppRequest(rendererDir, request.url);
    if (!resolved.ok) return new Response(null, { status: resolved.status });
    try {
      const body = await readFile(resolved.file);
      return new Response(body, {
        headers: { 'content-type': resolved.mimeType, 'content-security-policy': csp },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
