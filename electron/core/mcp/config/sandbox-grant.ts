// "Allow this domain" and "Allow a folder" as an edit of a local entry's `sandbox` policy: the
// domain joins `network.allowedDomains`, the folder `filesystem.allowWrite`. The edited entry is
// saved like any other change to what a server runs, so a project entry is approved again.
import { isAbsolute } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { SandboxPolicy, ServerEntry, ServerScope } from '../../../../shared/server-config';

export type SandboxGrant = { domain: string } | { folder: string };

/** A host the sandbox's proxy can allow: `api.example.com`, `*.example.com`, `127.0.0.1`, a `:port`. */
const DOMAIN = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * `entry` with `grant` added to its sandbox policy. An entry that runs in the default sandbox
 * (`true`, or a project entry without the field) gets a policy of its own that keeps the default
 * writes (its working folder, written `.`) beside the new folder.
 */
export function withSandboxGrant(
  entry: ServerEntry,
  scope: ServerScope,
  grant: SandboxGrant,
): ServerEntry {
  if (entry.command === undefined)
    throw new LenaError(ERROR_CODE.invalidArguments, 'A remote server has no sandbox to widen.');
  const current = entry.sandbox ?? (scope === 'project' ? true : undefined);
  if (current === undefined || current === false)
    throw new LenaError(
      ERROR_CODE.invalidArguments,
      'This server does not run in the sandbox, so there is nothing to allow.',
    );
  const policy: SandboxPolicy = current === true ? {} : structuredClone(current);
  if ('domain' in grant) {
    const domain = grant.domain.trim();
    if (!DOMAIN.test(domain))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${domain}" is not a domain the sandbox can allow (for example api.example.com or *.example.com).`,
      );
    const allowed = policy.network?.allowedDomains ?? [];
    if (!allowed.includes(domain))
      policy.network = { ...policy.network, allowedDomains: [...allowed, domain] };
  } else {
    const folder = grant.folder.trim().replace(/(.)\/+$/, '$1');
    if (!(isAbsolute(folder) || folder === '~' || folder.startsWith('~/')))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${folder}" is not a full path; give the folder as /full/path or ~/path.`,
      );
    // An explicit allowWrite replaces the default one (its working folder), which stays allowed.
    const writes = policy.filesystem?.allowWrite ?? ['.'];
    if (!writes.includes(folder))
      policy.filesystem = { ...policy.filesystem, allowWrite: [...writes, folder] };
  }
  return { ...entry, sandbox: policy };
}
