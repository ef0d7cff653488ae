// The app:// protocol that serves the packaged renderer with the CSP header, and lena-view://, the
// MCP Apps sandbox proxy's origin (one host per server); the path checks and the proxy's page,
// script and policy live in core (resolveAppRequest, security/view-proxy via host.viewProxy).
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { resolveAppRequest } from '../core/security/app-protocol';
import { VIEW_SCHEME } from '../core/security/view-proxy';

/** Must run before the app is ready. lena-view is standard (an origin per host) and secure, nothing more. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: VIEW_SCHEME, privileges: { standard: true, secure: true } },
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

/** Answers lena-view:// with the core's proxy response (page or script, each with its view's CSP). */
export function serveViews(
  answer: (
    url: string,
  ) => Promise<{ status: number; headers: Record<string, string>; body: string }>,
): void {
  protocol.handle(VIEW_SCHEME, async (request) => {
    const r = await answer(request.url).catch(() => ({ status: 500, headers: {}, body: '' }));
    return new Response(r.body, { status: r.status, headers: r.headers });
  });
}
