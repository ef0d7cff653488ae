// The window's MCP bundles: a file dropped on the window or chosen with "Install from file…" (its
// bytes), a registry package of type mcpb (downloaded, its SHA-256 checked), or a file opened from
// outside (double-click, argv) is opened and verified in core, nothing written, and kept under a
// token for the install sheet. Installing it writes the files, the sensitive settings into the
// window's secret store and the entry through the servers service; it starts untrusted.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BundleOpened, BundleValues } from '../../../../shared/bundle-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ServerStatus } from '../../../../shared/server-types';
import type { LenaPaths } from '../../home';
import { downloadBundle } from '../../install/bundle/download';
import { openBundle, trustProblem, type OpenedBundle } from '../../install/bundle/inspect';
import {
  bundleEntry,
  bundleSettings,
  installBundleFiles,
  serverNameFor,
} from '../../install/bundle/install';
import { parseBundleRef } from '../../mcp/config/bundle-launch';
import { readConfigFile } from '../../mcp/config/parse';
import type { SecretProvider } from '../../store/secrets';
import type { HostEvents } from '../events';
import type { ServersService } from './servers';

/** The system's picker (main: dialog.showOpenDialog); absent, the user types the path. */
export type PickPaths = (kind: 'directory' | 'file', multiple: boolean) => Promise<string[]>;

export type BundleSource =
  { fileName: string; data: string } | { registry: string; version?: string; optionId: string };

interface BundleDeps {
  paths: LenaPaths;
  secrets: SecretProvider;
  servers: ServersService;
  events: HostEvents;
  /** A registry mcpb package's file address and SHA-256. */
  registryPackage(
    name: string,
    version: string | undefined,
    optionId: string,
  ): Promise<{ url: string; sha256: string | undefined }>;
  pickPaths?: PickPaths;
}

/** Opened bundles kept for their sheet; older ones are dropped. */
const KEEP = 4;

export class BundleService {
  private readonly opened = new Map<string, OpenedBundle>();
  /** The last bundle opened from outside, until the window takes it (it may load after the event). */
  private waiting: BundleOpened | undefined;

  constructor(private readonly deps: BundleDeps) {}

  async open(source: BundleSource): Promise<BundleOpened> {
    let file: Buffer;
    if ('data' in source) {
      if (!/\.(mcpb|dxt)$/i.test(source.fileName))
        throw new LenaError(
          ERROR_CODE.invalidArguments,
          `${source.fileName} is not an MCP bundle (.mcpb)`,
        );
      file = Buffer.from(source.data, 'base64');
    } else {
      const pkg = await this.deps.registryPackage(source.registry, source.version, source.optionId);
      file = await downloadBundle(pkg.url, pkg.sha256);
    }
    return this.keep(await openBundle(file, { extensionsDir: this.deps.paths.extensions }));
  }

  /** A bundle opened from outside the window: the window hears `bundles:opened`. */
  async openPath(path: string): Promise<BundleOpened> {
    const opened = await this.keep(
      await openBundle(await readFile(path), { extensionsDir: this.deps.paths.extensions }),
    );
    this.waiting = opened;
    this.deps.events.emit('bundles:opened', opened);
    return opened;
  }

  /** The bundle opened from outside that the window has not shown yet (once). */
  pending(): BundleOpened | null {
    const waiting = this.waiting;
    this.waiting = undefined;
    return waiting && this.opened.has(waiting.token) ? waiting : null;
  }

  async install(request: {
    token: string;
    values: BundleValues;
    serverName: string;
    trustSigner?: string;
  }): Promise<ServerStatus> {
    const opened = this.opened.get(request.token);
    if (!opened)
      throw new LenaError(
        ERROR_CODE.notFound,
        'This bundle is no longer open; open the file again',
      );
    const trust = trustProblem(opened, request.trustSigner);
    if (trust) throw new LenaError(ERROR_CODE.forbidden, trust);
    const settings = await bundleSettings(opened.manifest, request.values);
    const problems = [
      ...settings.problems,
      ...settings.missing.map((f) => `${f.title} is required`),
    ];
    if (problems.length) throw new LenaError(ERROR_CODE.invalidArguments, problems.join('; '));
    const { entry, secrets } = bundleEntry(opened.manifest, settings.values);
    const existing = await this.entryOf(opened.manifest.name);
    if (existing && existing !== request.serverName)
      throw new LenaError(
        ERROR_CODE.conflict,
        `${opened.manifest.name} is installed as "${existing}"; install it under that name`,
      );
    for (const s of secrets) await this.deps.secrets.set(s.name, s.value);
    await installBundleFiles(opened, this.deps.paths.extensions);
    this.opened.delete(request.token);
    return existing
      ? this.deps.servers.update(request.serverName, entry)
      : this.deps.servers.add(request.serverName, entry);
  }

  async pickPaths(kind: 'directory' | 'file', multiple: boolean): Promise<string[]> {
    if (!this.deps.pickPaths)
      throw new LenaError(ERROR_CODE.unavailable, 'No file picker here; type the path instead');
    return this.deps.pickPaths(kind, multiple);
  }

  private async keep(opened: OpenedBundle): Promise<BundleOpened> {
    const token = randomBytes(16).toString('hex');
    this.opened.set(token, opened);
    for (const old of [...this.opened.keys()].slice(0, -KEEP)) this.opened.delete(old);
    return {
      token,
      preview: opened.preview,
      suggestedName:
        (await this.entryOf(opened.manifest.name)) ?? serverNameFor(opened.manifest.name),
    };
  }

  /** The user-scope server that runs this bundle name, if one does. */
  private async entryOf(bundleName: string): Promise<string | undefined> {
    const read = await readConfigFile(this.deps.paths.mcpConfig);
    if (read.state !== 'parsed' || !read.ok) return undefined;
    return read.config.servers.find(
      (s) =>
        typeof s.entry?.bundle === 'string' && parseBundleRef(s.entry.bundle)?.name === bundleName,
    )?.name;
  }
}
