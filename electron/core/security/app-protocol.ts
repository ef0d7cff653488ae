// Resolves app://lena/<path> to a file inside the built renderer, refusing anything that would
// escape it (.., encoded slashes, absolute paths, other hosts).
import { extname, resolve, sep } from 'node:path';

export type AppRequest =
  { ok: true; file: string; mimeType: string } | { ok: false; status: 400 | 403 | 404 };

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

export function resolveAppRequest(rootDir: string, requestUrl: string, host = 'lena'): AppRequest {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400 };
  }
  if (url.protocol !== 'app:' || url.host !== host) return { ok: false, status: 403 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { ok: false, status: 403 };
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.')) return { ok: false, status: 403 };
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const root = resolve(rootDir);
  const file = resolve(root, relative);
  if (file !== root && !file.startsWith(root + sep)) return { ok: false, status: 403 };
  return {
    ok: true,
    file,
    mimeType: MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
  };
}
