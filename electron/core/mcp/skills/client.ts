// The client side of Skills over MCP on one server's session: `skills/list` (every page),
// `skills/get`, a skill's files through `resources/read` verified against the held entry, and
// `resources/directory/read` only where the server declared `directoryRead`. Listing reads no
// file; a file is read only when asked for, only if the entry lists it, and only from the server
// that listed it (this object serves one session).
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { McpClient } from '../client';
import { asTtl } from '../client-helpers';
import { McpProtocolError } from '../errors';
import { listAllPages } from '../pagination';
import { checkEntry, SKILLS_EXTENSION, type CheckedEntry, type SkillEntry } from './entry';
import { frontMatterMismatch, verifyRead } from './verify';

/** What of a session the skills client uses (McpClient has it). */
export type SkillsSession = Pick<
  McpClient,
  'extension' | 'extensionRequest' | 'readResource' | 'description'
>;

/** A child of a directory, as `resources/directory/read` lists it. */
export interface DirectoryChild {
  uri: string;
  name?: string;
  mimeType?: string;
}

export const DIRECTORY_MIME = 'inode/directory';

/** A verified SKILL.md: its text, and the body after the front matter. */
export interface LoadedSkill {
  entry: SkillEntry;
  skillMd: string;
}

/** A refused read: what the user and the model are told instead of the content. */
export class SkillVerificationError extends LenaError {
  constructor(message: string) {
    super(ERROR_CODE.conflict, message);
    this.name = 'SkillVerificationError';
  }
}

/** How long a listing may take before it counts as failed (the catalog of a request waits for it). */
export const LIST_TIMEOUT_MS = 5_000;
/** The longest Lena keeps a listing, whatever ttlMs the server gives. */
const MAX_LIST_TTL_MS = 5 * 60_000;

export class SkillsClient {
  private cached: { at: number; ttlMs: number; entries: CheckedEntry[] } | undefined;

  constructor(
    private readonly session: SkillsSession,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the server declared the extension. */
  get offered(): boolean {
    return this.session.extension(SKILLS_EXTENSION) !== undefined;
  }

  /** True when the server declared `directoryRead: true`. */
  get directoryRead(): boolean {
    return this.session.extension(SKILLS_EXTENSION)?.directoryRead === true;
  }

  /**
   * Every entry the server lists (all pages), each checked; no file is read. A listing is kept
   * for the server's ttlMs (the smallest of its pages'), so each chat request need not ask again.
   */
  async list(opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<CheckedEntry[]> {
    if (!this.offered) return [];
    const held = this.cached;
    if (held && this.now() - held.at < held.ttlMs) return held.entries;
    let ttlMs = MAX_LIST_TTL_MS;
    const raw = await listAllPages<unknown>(
      async (params) => {
        const page = await this.session.extensionRequest(SKILLS_EXTENSION, 'skills/list', params, {
          timeoutMs: LIST_TIMEOUT_MS,
          ...opts,
        });
        ttlMs = Math.min(ttlMs, asTtl(page.ttlMs));
        return page;
      },
      'skills/list',
      'skills',
      () => undefined,
    );
    const entries = raw.map(checkEntry);
    this.cached = { at: this.now(), ttlMs, entries };
    return entries;
  }

  /** Forgets the held listing (a refreshed entry showed the skill changed). */
  forget(): void {
    this.cached = undefined;
  }

  /** The current entry of the skill at `uri` (its SKILL.md URI). */
  async get(uri: string, opts: { signal?: AbortSignal } = {}): Promise<CheckedEntry> {
    const r = await this.session.extensionRequest(SKILLS_EXTENSION, 'skills/get', { uri }, opts);
    if (!r.skill || typeof r.skill !== 'object')
      throw new McpProtocolError(`skills/get ${uri}: the answer has no skill`);
    return checkEntry(r.skill);
  }

  /**
   * Reads one file of the skill under the held `entry`: only a URI the entry lists, verified
   * against its size and digest. A mismatch or an unlisted file throws SkillVerificationError.
   */
  async readFile(
    entry: SkillEntry,
    uri: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<string> {
    const file = entry.resources.find((r) => r.uri === uri);
    if (!file)
      throw new SkillVerificationError(
        `${uri} is not one of the files the skill "${entry.frontmatter.name}" lists; it is not read`,
      );
    const { contents } = await this.session.readResource(uri, opts);
    const checked = verifyRead(file, contents);
    if (!checked.ok)
      throw new SkillVerificationError(
        `Lena refused ${uri}: ${checked.reason}. The content is not used; the skill may have changed on the server.`,
      );
    return checked.text;
  }

  /** Reads and verifies SKILL.md, then checks its front matter against the entry's. */
  async load(entry: SkillEntry, opts: { signal?: AbortSignal } = {}): Promise<LoadedSkill> {
    const skillMd = await this.readFile(entry, entry.uri, opts);
    const mismatch = frontMatterMismatch(entry, skillMd);
    if (mismatch)
      throw new SkillVerificationError(
        `Lena refused the skill "${entry.frontmatter.name}": ${mismatch}. It is not loaded.`,
      );
    return { entry, skillMd };
  }

  /** The direct children of a directory; only on a server that declared `directoryRead`. */
  async readDirectory(uri: string, opts: { signal?: AbortSignal } = {}): Promise<DirectoryChild[]> {
    if (!this.directoryRead)
      throw new LenaError(
        ERROR_CODE.unavailable,
        `${this.session.description} does not offer directory reads (it did not declare directoryRead)`,
      );
    const raw = await listAllPages<unknown>(
      (page) =>
        this.session.extensionRequest(
          SKILLS_EXTENSION,
          'resources/directory/read',
          { uri, ...page },
          opts,
        ),
      'resources/directory/read',
      'resources',
      () => undefined,
    );
    return raw
      .filter((c): c is DirectoryChild => !!c && typeof (c as DirectoryChild).uri === 'string')
      .map((c) => ({
        uri: c.uri,
        ...(typeof c.name === 'string' ? { name: c.name } : {}),
        ...(typeof c.mimeType === 'string' ? { mimeType: c.mimeType } : {}),
      }));
  }
}
