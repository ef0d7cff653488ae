// A minimal DER reader for the parts of a PKCS#7 SignedData a bundle's signature needs: tag,
// length and the exact bytes of each element (the signed attributes are verified over their own
// encoding, so nothing may be re-encoded on the way). Definite lengths only, as DER requires.

/** One DER element: its tag byte, its whole encoding, and its content bytes. */
export interface DerNode {
  tag: number;
  /** Tag, length and content, exactly as in the input. */
  raw: Buffer;
  content: Buffer;
}

export class DerError extends Error {}

/** The element starting at `offset`, and where the next one starts. */
export function readNode(buf: Buffer, offset = 0): { node: DerNode; next: number } {
  if (offset + 2 > buf.length) throw new DerError('truncated DER element');
  const tag = buf[offset];
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte DER tags are not used here');
  let length = buf[offset + 1];
  let header = 2;
  if (length === 0x80) throw new DerError('indefinite lengths are not DER');
  if (length > 0x80) {
    const count = length & 0x7f;
    if (count > 4 || offset + 2 + count > buf.length) throw new DerError('bad DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + buf[offset + 2 + i];
    header += count;
  }
  const end = offset + header + length;
  if (end > buf.length) throw new DerError('DER element runs past its container');
  return {
    node: {
      tag,
      raw: buf.subarray(offset, end),
      content: buf.subarray(offset + header, end),
    },
    next: end,
  };
}

/** The elements inside a constructed element (SEQUENCE, SET, [n]). */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let at = 0;
  while (at < node.content.length) {
    const { node: child, next } = readNode(node.content, at);
    out.push(child);
    at = next;
  }
  return out;
}

/** The one element a buffer holds (trailing bytes are an error). */
export function readOne(buf: Buffer): DerNode {
  const { node, next } = readNode(buf, 0);
  if (next !== buf.length) throw new DerError('trailing bytes after the DER element');
  return node;
}

export const TAG = {
  integer: 0x02,
  octetString: 0x04,
  oid: 0x06,
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
  context1: 0xa1,
} as const;

/** The object identifiers a bundle signature uses, as the hex of their DER content. */
export const OID = {
  signedData: '2a864886f70d010702',
  messageDigest: '2a864886f70d010904',
  sha1: '2b0e03021a',
  sha256: '608648016503040201',
  sha384: '608648016503040202',
  sha512: '608648016503040203',
} as const;
