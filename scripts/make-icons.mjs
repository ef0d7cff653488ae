// Draws Lena's icon (a rounded square with a speech bubble and an "L") and writes the PNG, ICO and
// ICNS files electron-builder needs under build/. Pure Node (zlib), so it runs anywhere; the
// outputs are committed and only need regenerating when the design changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build');

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const r = size * 0.22;
  const inRounded = (x, y, x0, y0, x1, y1, rad) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + rad), x1 - rad),
      cy = Math.min(Math.max(y, y0 + rad), y1 - rad);
    return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad;
  };
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const i = y * (size * 4 + 1) + 1 + x * 4;
      const px = x + 0.5,
        py = y + 0.5,
        s = size;
      let rgba = [0, 0, 0, 0];
      if (inRounded(px, py, s * 0.04, s * 0.04, s * 0.96, s * 0.96, r)) rgba = [217, 119, 87, 255];
      // speech bubble
      const bubble =
        inRounded(px, py, s * 0.2, s * 0.22, s * 0.8, s * 0.7, s * 0.12) ||
        (py > s * 0.66 && py < s * 0.82 && px > s * 0.28 && px < s * 0.28 + (s * 0.82 - py) * 0.9);
      if (bubble) rgba = [255, 248, 240, 255];
      // the "L"
      const L =
        (px > s * 0.38 && px < s * 0.47 && py > s * 0.32 && py < s * 0.6) ||
        (px > s * 0.38 && px < s * 0.64 && py > s * 0.51 && py < s * 0.6);
      if (L) rgba = [194, 90, 50, 255];
      raw.set(rgba, i);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(join(out, 'icons'), { recursive: true });
const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const pngs = Object.fromEntries(sizes.map((s) => [s, png(s)]));
for (const s of sizes.filter((s) => s <= 512))
  writeFileSync(join(out, 'icons', `${s}x${s}.png`), pngs[s]);
writeFileSync(join(out, 'icon.png'), pngs[512]);

// ICO: PNG-compressed entries (Vista+).
const icoSizes = [16, 32, 48, 256];
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoSizes.length, 4);
let offset = 6 + 16 * icoSizes.length;
const dir = [],
  images = [];
for (const s of icoSizes) {
  const e = Buffer.alloc(16);
  e[0] = s === 256 ? 0 : s;
  e[1] = s === 256 ? 0 : s;
  e.writeUInt16LE(1, 4);
  e.writeUInt16LE(32, 6);
  e.writeUInt32LE(pngs[s].length, 8);
  e.writeUInt32LE(offset, 12);
  offset += pngs[s].length;
  dir.push(e);
  images.push(pngs[s]);
}
writeFileSync(join(out, 'icon.ico'), Buffer.concat([header, ...dir, ...images]));

// ICNS: PNG entries (ic07 128, ic08 256, ic09 512, ic10 1024).
const types = { 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
const entries = Object.entries(types).map(([s, t]) => {
  const h = Buffer.alloc(8);
  h.write(t, 0, 'ascii');
  h.writeUInt32BE(pngs[s].length + 8, 4);
  return Buffer.concat([h, pngs[s]]);
});
const body = Buffer.concat(entries);
const icnsHeader = Buffer.alloc(8);
icnsHeader.write('icns', 0, 'ascii');
icnsHeader.writeUInt32BE(body.length + 8, 4);
writeFileSync(join(out, 'icon.icns'), Buffer.concat([icnsHeader, body]));
console.log('icons written to build/');
