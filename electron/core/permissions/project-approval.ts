// Project servers (from a project's `.mcp.json`) start only after the user approved that exact
// entry. Approvals live in Lena's home (`approvals.json`), per project folder, bound to a hash of
// the whole entry: a changed command asks again, and nothing in the project can approve itself.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { riskFlags, type LaunchEntry, type RiskFlag } from './risk-flags';
import { stableHash } from './stable-json';
import { set, TwoLevelFile } from './two-level-file';

/** Everything the approval dialog (or `lena mcp approve`) shows, untruncated. */
export interface ApprovalRequest {
  name: string;
  entryHash: string;
  transport: 'stdio' | 'http';
  command?: string;
  args: string[];
  /** The command and arguments quoted as a shell would need them, to show spaces and quotes exactly. */
  commandLine?: string;
  cwd?: string;
  /** Names only: values may hold secrets, and the dialog shows them masked. */
  envNames: string[];
  url?: string;
  headerNames: string[];
  risks: RiskFlag[];
}

export interface ApprovalRecord {
  decision: 'approved' | 'rejected';
  entryHash: string;
  at: string;
}

export type ApprovalStatus = 'approved' | 'rejected' | 'needs-approval';

/** Hash of the whole entry (env values and headers included). The config module's `entryHash` may replace it. */
export const hashEntry = (entry: LaunchEntry): string => stableHash(entry);

const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** Builds the approval request for one project server entry. */
export function approvalRequest(name: string, entry: LaunchEntry, entryHash: string = hashEntry(entry)): ApprovalRequest {
  const args = (entry.args ?? []).map(String);
  const transport = entry.url !== undefined && entry.command === undefined ? 'http' : 'stdio';
  return {
    name,
    entryHash,
    transport,
    ...(entry.command !== undefined ? { command: entry.command, commandLine: [entry.command, ...args].map(quote).join(' ') } : {}),
    args,
    ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
    envNames: Object.keys(entry.env ?? {}),
    ...(entry.url !== undefined ? { url: entry.url } : {}),
    headerNames: Object.keys(entry.headers ?? {}),
    risks: riskFlags(entry),
  };
}

/** Plain text of a request, for `lena mcp approve` to print what it approves. */
export function describeApproval(request: ApprovalRequest): string {
  const lines = [`Server "${request.name}" (${request.transport})`];
  if (request.commandLine) lines.push(`  command: ${request.commandLine}`);
  if (request.cwd) lines.push(`  cwd: ${request.cwd}`);
  if (request.envNames.length) lines.push(`  env: ${request.envNames.map((n) => `${n}=••••`).join(' ')}`);
  if (request.url) lines.push(`  url: ${request.url}`);
  if (request.headerNames.length) lines.push(`  headers: ${request.headerNames.join(', ')}`);
  for (const risk of request.risks) lines.push(`  ! ${risk.where}: ${risk.message}`);
  return lines.join('\n');
}

const isRecord = (value: unknown): value is ApprovalRecord =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as ApprovalRecord).entryHash === 'string' &&
  ((value as ApprovalRecord).decision === 'approved' || (value as ApprovalRecord).decision === 'rejected');

/** One key per project folder, however it was spelled (relative, trailing slash, symlink). */
export function projectKey(project: string): string {
  const absolute = resolve(project);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

/** The user's decisions on project servers. Re-reads the file on every query (the CLI may have changed it). */
export class ProjectApprovals {
  private constructor(private readonly file: TwoLevelFile<ApprovalRecord>) {}

  /** `path` is `approvals.json` in Lena's home; without it, approvals last for this process only. */
  static async open(path?: string): Promise<ProjectApprovals> {
    const approvals = new ProjectApprovals(new TwoLevelFile(path, 'projects', isRecord));
    await approvals.file.reload();
    return approvals;
  }

  get warnings(): readonly string[] {
    return this.file.warnings;
  }

  async status(project: string, name: string, entryHash: string): Promise<ApprovalStatus> {
    await this.file.reload();
    const record = this.file.get(projectKey(project), name);
    if (!record || record.entryHash !== entryHash) return 'needs-approval';
    return record.decision;
  }

  /** True only for this exact entry; any change to it asks again. */
  async isApproved(project: string, name: string, entryHash: string): Promise<boolean> {
    return (await this.status(project, name, entryHash)) === 'approved';
  }

  approve(project: string, name: string, entryHash: string, now = new Date()): Promise<void> {
    return this.record(project, name, { decision: 'approved', entryHash, at: now.toISOString() });
  }

  /** Remembers a rejection of this exact entry, so it is not asked again until it changes. */
  reject(project: string, name: string, entryHash: string, now = new Date()): Promise<void> {
    return this.record(project, name, { decision: 'rejected', entryHash, at: now.toISOString() });
  }

  /** Forgets the decisions for one project, or for every project; returns how many were dropped. */
  reset(project?: string): Promise<number> {
    return this.file.mutate((data) => {
      const keys = project === undefined ? [...data.keys()] : [projectKey(project)];
      let dropped = 0;
      for (const key of keys) {
        dropped += data.get(key)?.size ?? 0;
        data.delete(key);
      }
      return dropped;
    });
  }

  /** Every decision for a project (settings list). */
  async list(project: string): Promise<[string, ApprovalRecord][]> {
    await this.file.reload();
    return this.file.entries(projectKey(project));
  }

  private async record(project: string, name: string, record: ApprovalRecord): Promise<void> {
    await this.file.mutate((data) => set(data, projectKey(project), name, record));
  }
}
