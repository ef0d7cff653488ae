// A registry server as the window and `lena --json` show it: what the registry says, and for one
// server the ways it installs, with a runner missing from PATH said.
import type { RegistryServerDetail, RegistryServerSummary } from '../../../shared/install-types';
import { installOptions } from './map-entry';
import { missingRunner } from './runners';
import type { RegistryServer } from './server-json';

export function serverSummary(s: RegistryServer): RegistryServerSummary {
  const server = s.server;
  return {
    name: server.name,
    ...(server.title ? { title: server.title } : {}),
    description: server.description ?? '',
    version: server.version ?? '',
    status: s.status,
    ...(s.statusMessage ? { statusMessage: s.statusMessage } : {}),
    ...(server.repository?.url ? { repository: server.repository.url } : {}),
    ...(server.websiteUrl ? { websiteUrl: server.websiteUrl } : {}),
    packages: (server.packages ?? []).map((p) => ({
      registryType: p.registryType,
      identifier: p.identifier,
      ...(p.version ? { version: p.version } : {}),
    })),
    remotes: (server.remotes ?? []).map((r) => ({ type: r.type, url: r.url ?? '' })),
  };
}

/** The entry's default name: the last part of the registry name (`io.github.x/weather` → weather). */
export function suggestedName(registryName: string): string {
  return registryName.split('/').pop() ?? registryName;
}

export function serverDetail(s: RegistryServer, path?: string): RegistryServerDetail {
  return {
    ...serverSummary(s),
    options: installOptions(s.server).map((o) => {
      const missing = o.unsupported ? undefined : missingRunner(o, path);
      return missing ? { ...o, missingRunner: missing } : o;
    }),
    ...(s.server.postInstallInstructions
      ? { postInstallInstructions: s.server.postInstallInstructions }
      : {}),
    suggestedName: suggestedName(s.server.name),
  };
}
