// A bundle's signature: the block `MCPB_SIG_V1 <u32 LE length> <PKCS#7 DER> MCPB_SIG_END` that
// `mcpb sign` appends to the zip. The PKCS#7 SignedData is detached: its signed attributes carry
// the SHA-256 of the bytes before the block, and the signer's key signs those attributes. Both
// are checked here with node:crypto over the exact bytes in the file (the library's own verifier
// reports every bundle "unsigned"). The certificate is then placed: chained to a root this system
// trusts, or not (self-signed or unknown issuer), which the user may pin by its SHA-256 fingerprint.
import { createHash, verify, X509Certificate } from 'node:crypto';
import * as tls from 'node:tls';
import { children, DerError, OID, readOne, TAG, type DerNode } from './der';

const HEADER = Buffer.from('MCPB_SIG_V1', 'utf8');
const FOOTER = Buffer.from('MCPB_SIG_END', 'utf8');

export interface SignatureBlock {
  /** The bytes the signature covers: the zip itself. */
  content: Buffer;
  /** The PKCS#7 DER; absent for an unsigned bundle. */
  pkcs7?: Buffer;
}

/** Splits a bundle file into the zip and its signature block (when it ends with one). */
export function readSignatureBlock(file: Buffer): SignatureBlock {
  if (file.length < HEADER.length + 4 + FOOTER.length) return { content: file };
  if (!file.subarray(file.length - FOOTER.length).equals(FOOTER)) return { content: file };
  const header = file.lastIndexOf(HEADER, file.length - FOOTER.length);
  if (header < 0) return { content: file };
  const length = file.readUInt32LE(header + HEADER.length);
  const start = header + HEADER.length + 4;
  if (start + length !== file.length - FOOTER.length)
    return { content: file.subarray(0, header), pkcs7: Buffer.alloc(0) };
  return { content: file.subarray(0, header), pkcs7: file.subarray(start, start + length) };
}

/**
 * What the signature says: `signed` (valid, chained to a trusted root), `untrusted` (valid, but
 * self-signed or from an issuer this system does not trust: pin it to install), `unsigned`, or
 * `invalid` (the bundle changed after signing, or the block is broken: never installed).
 */
export type SignatureStatus = 'signed' | 'untrusted' | 'unsigned' | 'invalid';

export interface SignatureInfo {
  status: SignatureStatus;
  /** The certificate subject's common name (or organisation). */
  signer?: string;
  issuer?: string;
  selfSigned?: boolean;
  /** SHA-256 of the signing certificate, `AB:CD:…`. */
  fingerprint?: string;
  validFrom?: string;
  validTo?: string;
  /** Why it is `invalid` or `untrusted`, in words. */
  reason?: string;
}

const DIGESTS: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** `AB:CD:…` or `abcd…` → `abcd…`, for comparing fingerprints however they were typed. */
export function normalFingerprint(fp: string): string {
  return fp.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

function nameField(dn: string, field: string): string | undefined {
  return dn
    .split('\n')
    .map((line) => /^([A-Za-z]+)=(.*)$/.exec(line))
    .find((m) => m?.[1] === field)?.[2];
}

const displayName = (dn: string) => nameField(dn, 'CN') ?? nameField(dn, 'O') ?? dn;

interface Parsed {
  certificates: X509Certificate[];
  digest: string;
  messageDigest: Buffer;
  signedAttributes: Buffer;
  signature: Buffer;
  serial: string;
}

const expect = (node: DerNode | undefined, tag: number, what: string): DerNode => {
  if (!node || node.tag !== tag) throw new DerError(`${what} is missing`);
  return node;
};

function parse(pkcs7: Buffer): Parsed {
  const [type, wrapped] = children(expect(readOne(pkcs7), TAG.sequence, 'ContentInfo'));
  if (expect(type, TAG.oid, 'content type').content.toString('hex') !== OID.signedData)
    throw new DerError('not a PKCS#7 SignedData');
  const [signedData] = children(expect(wrapped, TAG.context0, 'SignedData'));
  const parts = children(expect(signedData, TAG.sequence, 'SignedData'));
  const certs = parts.find((p) => p.tag === TAG.context0);
  const certificates = certs ? children(certs).map((c) => new X509Certificate(c.raw)) : [];
  const signerInfos = expect(parts[parts.length - 1], TAG.set, 'signerInfos');
  const [signer] = children(signerInfos);
  const fields = children(expect(signer, TAG.sequence, 'SignerInfo'));
  const [, issuerAndSerial, digestAlgorithm, attributes] = fields;
  const serial = expect(children(issuerAndSerial)[1], TAG.integer, 'serial number');
  const digestOid = expect(children(digestAlgorithm)[0], TAG.oid, 'digest algorithm');
  const digest = DIGESTS[digestOid.content.toString('hex')];
  if (!digest) throw new DerError('an unknown digest algorithm');
  expect(attributes, TAG.context0, 'signed attributes');
  let messageDigest: Buffer | undefined;
  for (const attr of children(attributes)) {
    const [oid, values] = children(attr);
    if (oid?.content.toString('hex') === OID.messageDigest)
      messageDigest = expect(children(values)[0], TAG.octetString, 'message digest').content;
  }
  if (!messageDigest) throw new DerError('the message digest attribute is missing');
  const signature = expect(
    fields.find((f, i) => i > 4 && f.tag === TAG.octetString),
    TAG.octetString,
    'signature',
  );
  // The attributes are signed as a SET (tag 0x31), not as the [0] they are stored as.
  const signedAttributes = Buffer.from(attributes.raw);
  signedAttributes[0] = TAG.set;
  return {
    certificates,
    digest,
    messageDigest,
    signedAttributes,
    signature: signature.content,
    serial: serial.content.toString('hex').replace(/^(00)+(?=.)/, ''),
  };
}

/** The system's trusted roots (the OS store where Node can read it, else Node's bundled list). */
function trustedRoots(): X509Certificate[] {
  const fromSystem = (
    tls as { getCACertificates?: (type: 'system' | 'bundled' | 'default') => string[] }
  ).getCACertificates;
  let pems: string[] = [...tls.rootCertificates];
  if (fromSystem) {
    try {
      // Node's bundled roots and the operating system's store (Node 22.15 and later).
      pems = [...fromSystem('default'), ...fromSystem('system')];
    } catch {
      // An unreadable system store leaves Node's own list.
    }
  }
  return pems.flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/** Whether `leaf` chains through `intermediates` to a root this system trusts. */
function chainsToRoot(
  leaf: X509Certificate,
  intermediates: X509Certificate[],
  roots: X509Certificate[],
): boolean {
  let cert = leaf;
  for (let depth = 0; depth < 8; depth++) {
    if (roots.some((root) => issuedBy(cert, root))) return true;
    const next = intermediates.find((c) => c !== cert && issuedBy(cert, c));
    if (!next) return false;
    cert = next;
  }
  return false;
}

/** Verifies a bundle's signature block against its content; never throws. */
export function verifySignature(
  block: SignatureBlock,
  options: { roots?: X509Certificate[]; now?: Date } = {},
): SignatureInfo {
  if (!block.pkcs7) return { status: 'unsigned' };
  let parsed: Parsed;
  try {
    parsed = parse(block.pkcs7);
  } catch (err) {
    return { status: 'invalid', reason: `the signature block cannot be read (${errText(err)})` };
  }
  const cert =
    parsed.certificates.find((c) => c.serialNumber.toLowerCase() === parsed.serial) ??
    parsed.certificates[0];
  if (!cert) return { status: 'invalid', reason: 'the signature carries no certificate' };
  const about: SignatureInfo = {
    status: 'invalid',
    signer: displayName(cert.subject),
    issuer: displayName(cert.issuer),
    selfSigned: issuedBy(cert, cert),
    fingerprint: cert.fingerprint256,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
  };
  const digest = createHash(parsed.digest).update(block.content).digest();
  if (!digest.equals(parsed.messageDigest))
    return { ...about, reason: 'the bundle was changed after it was signed (its digest differs)' };
  let valid: boolean;
  try {
    valid = verify(parsed.digest, parsed.signedAttributes, cert.publicKey, parsed.signature);
  } catch {
    valid = false;
  }
  if (!valid) return { ...about, reason: "the signature does not match the signer's certificate" };
  const now = options.now ?? new Date();
  if (now < new Date(cert.validFrom) || now > new Date(cert.validTo))
    return {
      ...about,
      status: 'untrusted',
      reason: `the certificate is valid only from ${about.validFrom} to ${about.validTo}`,
    };
  const others = parsed.certificates.filter((c) => c !== cert);
  if (chainsToRoot(cert, others, options.roots ?? trustedRoots()))
    return { ...about, status: 'signed' };
  return {
    ...about,
    status: 'untrusted',
    reason: about.selfSigned
      ? 'the certificate is self-signed'
      : `the issuer "${about.issuer}" is not trusted by this system`,
  };
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
