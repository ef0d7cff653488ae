// The SDK's protobuf-shaped objects turned into Lena's: task states in the spec's words, parts as
// text (data parts as JSON, files by name), artifacts with their size. Nothing else in Lena reads
// an SDK type.
import type { Artifact, Message, Part, Task, TaskStatus } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import type { DelegationArtifact, DelegationState } from '../../../shared/a2a';

const STATES: Record<number, DelegationState> = {
  [TaskState.TASK_STATE_SUBMITTED]: 'submitted',
  [TaskState.TASK_STATE_WORKING]: 'working',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'input-required',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
};

export function stateOf(status: TaskStatus | undefined): DelegationState {
  return STATES[status?.state ?? -1] ?? 'unknown';
}

/** One part as text: text as is, data as JSON, a file by its name and type. */
export function partText(part: Part): { text: string; file?: string; bytes: number } {
  const c = part.content;
  switch (c?.$case) {
    case 'text':
      return { text: c.value, bytes: Buffer.byteLength(c.value) };
    case 'data': {
      const json = JSON.stringify(c.value ?? null, null, 2);
      return { text: json, bytes: Buffer.byteLength(json) };
    }
    case 'raw': {
      const file = `${part.filename || 'file'}, ${part.mediaType || 'application/octet-stream'}, ${c.value.length} bytes`;
      return { text: `[file: ${file}]`, file, bytes: c.value.length };
    }
    case 'url': {
      const file = `${part.filename || c.value}, ${part.mediaType || 'unknown type'}`;
      return { text: `[file at ${c.value}]`, file, bytes: Buffer.byteLength(c.value) };
    }
    default:
      return { text: '', bytes: 0 };
  }
}

/** A message's parts as one text. */
export function messageText(message: Message | undefined): string | null {
  if (!message) return null;
  const text = (message.parts ?? [])
    .map((p) => partText(p).text)
    .filter(Boolean)
    .join('\n');
  return text || null;
}

export function artifactOf(artifact: Artifact): DelegationArtifact {
  const parts = (artifact.parts ?? []).map(partText);
  return {
    name: artifact.name || artifact.artifactId || 'artifact',
    text: parts
      .map((p) => p.text)
      .filter(Boolean)
      .join('\n'),
    bytes: parts.reduce((n, p) => n + p.bytes, 0),
    files: parts.flatMap((p) => (p.file ? [p.file] : [])),
  };
}

/** A task as Lena follows it. */
export interface TaskSnapshot {
  id: string;
  contextId: string;
  state: DelegationState;
  status: string | null;
  artifacts: DelegationArtifact[];
}

export function snapshotOf(task: Task): TaskSnapshot {
  return {
    id: task.id,
    contextId: task.contextId,
    state: stateOf(task.status),
    status: messageText(task.status?.message),
    artifacts: (task.artifacts ?? []).map(artifactOf),
  };
}
