// An MCP Apps view with connect-src 'none' tries WebRTC (STUN and TURN to a loopback UDP port the
// test listens on) every way it can: directly, through the prototypes, through a fresh frame and
// through nested srcdoc documents made by property, attribute, Attr node, innerHTML, its own
// Trusted Types policy, declarative shadow DOM, execCommand and its static markup; plus
// prefetch/preconnect links to a loopback probe. The view runs through the real sandbox proxy
// (core's viewProxy on the harness's second loopback origin) in Chromium launched with the usual
// arguments (none of them touches WebRTC). Afterwards the window's own page opens a peer connection
// to a second UDP port: its packet arriving shows this Chromium sends WebRTC packets, so the view's
// silence is the proxy's doing.
import { createSocket, type Socket } from 'node:dgram';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { ROOT } from './harness';
import { frameView, startViewStage, type ViewStage } from './helpers/view-stage';

async function udpListener(): Promise<{ socket: Socket; port: number; packets: string[] }> {
  const socket = createSocket('udp4');
  const packets: string[] = [];
  socket.on('message', (message, from) =>
    packets.push(`${from.address}:${from.port} ${message.length} bytes`),
  );
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return { socket, port: socket.address().port, packets };
}

describe.skipIf(skipWhen('no-browser'))('an MCP Apps view and WebRTC', () => {
  let stage: ViewStage;
  let probe: Server;
  let viewUdp: Awaited<ReturnType<typeof udpListener>>;
  let controlUdp: Awaited<ReturnType<typeof udpListener>>;
  const probed: string[] = [];

  beforeAll(async () => {
    viewUdp = await udpListener();
    controlUdp = await udpListener();
    probe = createServer((req, res) => {
      probed.push(`request ${req.url}`);
      res.end('probe');
    });
    probe.on('connection', () => probed.push('connection'));
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const probeUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    stage = await startViewStage({
      homePrefix: 'lena-e2e-webrtc-',
      viewHtml: (home) => {
        const html = join(home, 'webrtc.html');
        const source = readFileSync(join(ROOT, 'test/fixtures/apps/webrtc-view.html'), 'utf8');
        writeFileSync(
          html,
          source.replaceAll('UDP_PORT', String(viewUdp.port)).replaceAll('PROBE_URL', probeUrl),
        );
        return html;
      },
    });
  });

  afterAll(async () => {
    await stage?.close();
    await new Promise((r) => probe?.close(r));
    viewUdp?.socket.close();
    controlUdp?.socket.close();
  });

  it('finds no WebRTC, opens no nested document and sends no packet, while the window itself could', async () => {
    const view = await stage.view();
    expect(view.status).toBe('ready');
    const page = await stage.browser.newPage();
    await page.goto(`${stage.appOrigin}/`);
    // What the window's card does: frame the proxy, wait for it, hand it the view's HTML.
    const { reports } = await frameView(page, view);
    await expect
      .poll(async () => (await reports()).some(([what]) => what === 'done'), { timeout: 20_000 })
      .toBe(true);

    // The control: the window's page (no proxy, no guard) reaches its own UDP port.
    await page.evaluate(async (port) => {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
      pc.createDataChannel('control');
      await pc.setLocalDescription(await pc.createOffer());
    }, controlUdp.port);
    await expect.poll(() => controlUdp.packets.length, { timeout: 20_000 }).toBeGreaterThan(0);

    const seen = Object.fromEntries((await reports()).filter(([what]) => what !== 'nested-ran'));
    expect(seen.api).toBe('undefined undefined undefined');
    for (const what of ['direct', 'webkit', 'prototypes', 'xslt'])
      expect(seen[what], what).toBe('refused: ReferenceError');
    expect(seen['fresh-frame']).toBe('refused: SecurityError');
    for (const what of [
      'nested-property',
      'nested-attribute',
      'nested-attr-node',
      'nested-toggle',
      'nested-inner-html',
      'nested-own-policy',
      'nested-shadow',
      'nested-edit',
    ]) {
      expect(seen[what], what).toBe('refused: TypeError');
    }
    expect(seen['nested-static']).toBe('refused: Error');
    // No nested document ran, no STUN/TURN packet reached the view's port, no prefetch or preconnect reached the probe.
    expect((await reports()).filter(([what]) => what === 'nested-ran')).toEqual([]);
    expect(viewUdp.packets).toEqual([]);
    expect(probed).toEqual([]);
  });
});
