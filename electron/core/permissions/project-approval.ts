// Project servers (from a project's `.mcp.json`) start only after the user approved that exact
// entry. Approvals live in Lena's home (`approvals.json`), per project folder, bound to a hash of
// the whole entry: a changed command asks again, and nothing in the project can approve itself.
// An approval also records which `${…}` references the user granted to that entry.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { ServerEntry, ServerScope } from '../../../shared/server-config';
import type { EarlierDecision } from '../../../shared/server-types';
import { entryHash as hashOf } from '../mcp/config/identity';
import { entryChanges, shownFields } from './approval-changes';
import { approvalRequest } from './approval-request';
import { set, TwoLevelFile } from './two-level-file';

export interface ApprovalRecord {
  decision: 'approved' | 'rejected';
  entryHash: string;
  at: string;
  /**
   * The references (`NAME`, `secret:NAME`) the user ticked for this entry; a project entry expands
   * nothing else. Absent in records written before grants existed: nothing granted.
   */
  grants?: string[];
  /**
   * The entry as it was shown when decided (shownFields: credentials masked), so asking again can
   * say what changed. Absent in records written before it was kept.
   */
  shown?: Record<string, string>;
  /**
   * 'off': the user unticked "Run in the sandbox" for this entry (one without a `sandbox` field,
   * which a project server otherwise runs in by default). Bound to the entry's hash like the rest.
   */
  sandbox?: 'off';
}

export type ApprovalStatus = 'approved' | 'rejected' | 'needs-approval';

const isRecord = (value: unknown): value is ApprovalRecord =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as ApprovalRecord).entryHash === 'string' &&
  ((value as ApprovalRecord).decision === 'approved' ||
    (value as ApprovalRecord).decision === 'rejected') &&
  ((value as ApprovalRecord).grants === undefined ||
    (Array.isArray((value as ApprovalRecord).grants) &&
      (value as ApprovalRecord).grants!.every((g) => typeof g === 'string'))) &&
  ((value as ApprovalRecord).shown === undefined ||
    (typeof (value as ApprovalRecord).shown === 'object' &&
      (value as ApprovalRecord).shown !== null &&
      Object.values((value as ApprovalRecord).shown!).every((v) => typeof v === 'string'))) &&
  ((value as ApprovalRecord).sandbox === undefined || (value as ApprovalRecord).sandbox === 'off');

/** One key per project folder, however it was spelled (relative, trailing slash, symlink). */
export function projectKey(project: string): string {
  const absolute = resolve(project);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

/** A configured server as the approval answer needs it: is it the project entry waiting now? */
export interface WaitingServer {
  name: string;
  scope: ServerScope;
  entry: ServerEntry | undefined;
  /** Its status is needs-approval. */
  waiting: boolean;
}

/** The user's decisions on project servers. Re-reads the file on every query (the CLI may have changed it). */
export class ProjectApprovals extends TwoLevelFile<ApprovalRecord> {
  private constructor(path: string | undefined) {
    super(path, 'projects', isRecord);
  }

  /** `path` is `approvals.json` in Lena's home; without it, approvals last for this process only. */
  static open(path?: string): Promise<ProjectApprovals> {
    return TwoLevelFile.opened(new ProjectApprovals(path));
  }

  async status(project: string, name: string, entryHash: string): Promise<ApprovalStatus> {
    await this.reload();
    const record = this.leaf(projectKey(project), name);
    if (!record || record.entryHash !== entryHash) return 'needs-approval';
    return record.decision;
  }

  /** True only for this exact entry; any change to it asks again. */
  async isApproved(project: string, name: string, entryHash: string): Promise<boolean> {
    return (await this.status(project, name, entryHash)) === 'approved';
  }

  /** Approves this exact entry, granting it the listed references (and nothing else). */
  approve(
    project: string,
    name: string,
    entryHash: string,
    now = new Date(),
    grants: readonly string[] = [],
    shown?: Record<string, string>,
    sandboxOff = false,
  ): Promise<void> {
    return this.record(project, name, {
      decision: 'approved',
      entryHash,
      at: now.toISOString(),
      grants: [...new Set(grants)],
      ...(shown ? { shown } : {}),
      ...(sandboxOff ? { sandbox: 'off' as const } : {}),
    });
  }

  /**
   * The decision on an earlier version of this entry and what changed since (from the last read
   * of the file); null when there is none, or when `entry` is the one decided on.
   */
  earlierNow(
    project: string,
    name: string,
    entryHash: string,
    shownNow: Record<string, string>,
  ): EarlierDecision | null {
    const record = this.leaf(projectKey(project), name);
    if (!record || record.entryHash === entryHash) return null;
    return {
      decision: record.decision,
      at: record.at,
      changes: record.shown ? entryChanges(record.shown, shownNow) : null,
    };
  }

  /** The references granted with the approval of this exact entry (none when it is not approved). */
  async grants(project: string, name: string, entryHash: string): Promise<string[]> {
    await this.reload();
    return this.grantedNow(project, name, entryHash);
  }

  /** As `grants`, from the last read of the file (for views built synchronously). */
  grantedNow(project: string, name: string, entryHash: string): string[] {
    const record = this.leaf(projectKey(project), name);
    return record && record.entryHash === entryHash && record.decision === 'approved'
      ? [...(record.grants ?? [])]
      : [];
  }

  /**
   * When the user chose to run this exact approved entry without the default sandbox (ISO date);
   * null when it runs in it (or is not approved). From the last read of the file.
   */
  sandboxOffNow(project: string, name: string, entryHash: string): string | null {
    const record = this.leaf(projectKey(project), name);
    return record?.entryHash === entryHash &&
      record.decision === 'approved' &&
      record.sandbox === 'off'
      ? record.at
      : null;
  }

  /** As `sandboxOffNow`, after reading the file again. */
  async sandboxOff(project: string, name: string, entryHash: string): Promise<string | null> {
    await this.reload();
    return this.sandboxOffNow(project, name, entryHash);
  }

  /**
   * The user's answer to the approval shown for `shownHash`: recorded only when it answers the entry
   * that is waiting now (a project entry, unchanged since it was shown), granting only references
   * the entry has and never the Anthropic API key. `sandboxOff` (the user unticked "Run in the
   * sandbox") is accepted only for a local entry that has no `sandbox` field of its own.
   */
  async answer(
    project: string,
    server: WaitingServer,
    shownHash: string,
    approve: boolean,
    grants: readonly string[] = [],
    now = new Date(),
    sandboxOff = false,
  ): Promise<void> {
    const { name, entry } = server;
    if (server.scope !== 'project' || !server.waiting || !entry || hashOf(entry) !== shownHash) {
      throw new LenaError(
        ERROR_CODE.conflict,
        `The entry for "${name}" changed since it was shown; review it again before approving.`,
      );
    }
    const grantable = new Set(
      approvalRequest(name, entry, shownHash)
        .references.filter((r) => r.blocked === null)
        .map((r) => r.key),
    );
    const refused = grants.filter((g) => !grantable.has(g));
    if (refused.length > 0) {
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${name}" cannot be granted ${refused.join(', ')}: ${grantable.size ? `it references only ${[...grantable].join(', ')}` : 'it references nothing that can be granted'}.`,
      );
    }
    if (sandboxOff && !approvalRequest(name, entry, shownHash).sandbox?.optional) {
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${name}" has no default sandbox to turn off: its entry ${entry.sandbox === undefined ? 'is not a local server' : 'sets its own "sandbox"'}.`,
      );
    }
    const shown = shownFields(approvalRequest(name, entry, shownHash));
    if (approve) await this.approve(project, name, shownHash, now, grants, shown, sandboxOff);
    else await this.reject(project, name, shownHash, now, shown);
  }

  /** Remembers a rejection of this exact entry, so it is not asked again until it changes. */
  reject(
    project: string,
    name: string,
    entryHash: string,
    now = new Date(),
    shown?: Record<string, string>,
  ): Promise<void> {
    return this.record(project, name, {
      decision: 'rejected',
      entryHash,
      at: now.toISOString(),
      ...(shown ? { shown } : {}),
    });
  }

  /** Forgets the decisions for one project, or for every project; returns how many were dropped. */
  reset(project?: string): Promise<number> {
    return this.mutate((data) => {
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
    await this.reload();
    return this.leaves(projectKey(project));
  }

  private async record(project: string, name: string, record: ApprovalRecord): Promise<void> {
    await this.mutate((data) => set(data, projectKey(project), name, record));
  }
}
