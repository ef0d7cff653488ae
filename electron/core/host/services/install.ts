// The window's install service: the registry (settings' registryUrl, else the official one)
// searched and read through core/install, an install option previewed as the entry and command
// line it would save, and saved: secret values into the window's secret store, the entry into
// Lena's mcp.json through the servers service. A new server starts untrusted, like any other.
import type {
  FieldValues,
  InstallPreview,
  RegistryPageView,
  RegistryServerDetail,
} from '../../../../shared/install-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { ServerStatus } from '../../../../shared/server-types';
import type { LenaPaths } from '../../home';
import { buildEntry } from '../../install/map-entry';
import { DEFAULT_REGISTRY_URL, RegistryClient } from '../../install/registry-client';
import type { RegistryServer } from '../../install/server-json';
import { serverDetail, serverSummary } from '../../install/views';
import type { SecretProvider } from '../../store/secrets';
import type { ServersService } from './servers';

export interface InstallRequest {
  name: string;
  version?: string;
  optionId: string;
  values: FieldValues;
}

interface InstallDeps {
  paths: LenaPaths;
  registryUrl: () => string | null;
  secrets: SecretProvider;
  servers: ServersService;
  env?: NodeJS.ProcessEnv;
}

export class InstallService {
  private client: RegistryClient | undefined;
  /** Servers read since the client was made, by `name@version`: preview and install reuse them. */
  private readonly seen = new Map<string, RegistryServer>();

  constructor(private readonly deps: InstallDeps) {}

  async search(query: { search?: string; cursor?: string }): Promise<RegistryPageView> {
    const client = this.registry();
    const page = await client.search({ ...query, limit: 20 });
    return {
      registry: client.baseUrl,
      servers: page.servers.map(serverSummary),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      ...(page.stale ? { stale: page.stale } : {}),
    };
  }

  async show(name: string, version = 'latest'): Promise<RegistryServerDetail> {
    return serverDetail(await this.server(name, version), (this.deps.env ?? process.env).PATH);
  }

  async preview(request: InstallRequest): Promise<InstallPreview> {
    const server = await this.server(request.name, request.version ?? 'latest');
    const built = buildEntry(server.server, request.optionId, request.values);
    return {
      entry: built.entry,
      commandLine: built.commandLine,
      secrets: built.secrets.map((s) => s.name),
      missing: built.missing.map((f) => f.key),
    };
  }

  async install(
    request: InstallRequest & { serverName: string; sandbox?: boolean },
  ): Promise<ServerStatus> {
    const server = await this.server(request.name, request.version ?? 'latest');
    const built = buildEntry(server.server, request.optionId, request.values);
    if (built.missing.length)
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `Fill in ${built.missing.map((f) => f.name).join(', ')} first.`,
      );
    const entry = {
      ...built.entry,
      ...(request.sandbox && built.entry.command ? { sandbox: true } : {}),
    };
    for (const s of built.secrets) await this.deps.secrets.set(s.name, s.value);
    return this.deps.servers.add(request.serverName, entry);
  }

  /** A package of type mcpb: where its file is and the SHA-256 the registry gives for it. */
  async bundlePackage(
    name: string,
    version: string,
    optionId: string,
  ): Promise<{ url: string; sha256: string | undefined }> {
    const server = await this.server(name, version);
    const pkg = server.server.packages?.[Number(optionId.split(':')[1])];
    if (!pkg || pkg.registryType.toLowerCase() !== 'mcpb')
      throw new LenaError(ERROR_CODE.invalidArguments, `${name} ${optionId} is not an MCP bundle`);
    return { url: pkg.identifier, sha256: pkg.fileSha256 };
  }

  private registry(): RegistryClient {
    const url = this.deps.registryUrl() ?? DEFAULT_REGISTRY_URL;
    if (this.client?.baseUrl !== url.replace(/\/+$/, '')) {
      this.client = new RegistryClient({ baseUrl: url, cacheFile: this.deps.paths.registryCache });
      this.seen.clear();
    }
    return this.client;
  }

  private async server(name: string, version: string): Promise<RegistryServer> {
    const client = this.registry();
    const key = `${name}@${version}`;
    const found = this.seen.get(key) ?? (await client.get(name, version));
    this.seen.set(key, found);
    return found;
  }
}
