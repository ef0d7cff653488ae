// Branches (issue 16). Edit and Regenerate never delete: they mark the current messages from a
// point on as superseded and append the new ones, so a conversation's rows form a tree. Each row
// written since the migration that added `parent_seq` knows its parent (the last current message
// when it was appended, 0 for the first); for older rows the parent is inferred here. The current branch is the chain of
// rows that are not superseded; switching branches supersedes one chain and restores another.
import type { BranchInfo } from '../../../shared/chat/conversations';
import { ERROR_CODE, LenaError } from '../../../shared/result';
import type { LenaDatabase } from './database';
import { touchConversation } from './messages';

/** The parent of a message with no parent: the conversation's first message, or a first message edited. */
export const ROOT = 0;

interface Node {
  id: string;
  seq: number;
  role: string;
  status: string;
  parent: number;
}

interface Tree {
  nodes: Node[];
  bySeq: Map<number, Node>;
  children: Map<number, Node[]>;
  /** The newest seq in each message's subtree: where the user last wrote under it. */
  latest: Map<number, number>;
}

interface BranchRow {
  id: string;
  seq: number;
  role: string;
  status: string;
  parent_seq: number | null;
}

function loadTree(db: LenaDatabase, conversationId: string): Tree {
  const rows = db
    .prepare(
      'SELECT id, seq, role, status, parent_seq FROM messages WHERE conversation_id = ? ORDER BY seq',
    )
    .all(conversationId) as unknown as BranchRow[];
  const nodes: Node[] = [];
  const bySeq = new Map<number, Node>();
  const children = new Map<number, Node[]>();
  let lastCurrent = ROOT;
  for (const [i, r] of rows.entries()) {
    const parent = r.parent_seq ?? inferParent(rows, i, lastCurrent);
    const node: Node = { id: r.id, seq: r.seq, role: r.role, status: r.status, parent };
    nodes.push(node);
    bySeq.set(node.seq, node);
    const siblings = children.get(parent) ?? [];
    siblings.push(node);
    children.set(parent, siblings);
    if (r.status !== 'superseded') lastCurrent = r.seq;
  }
  // A child's seq is above its parent's, so from the end every subtree is complete when reached.
  const latest = new Map<number, number>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    latest.set(
      n.seq,
      Math.max(n.seq, ...(children.get(n.seq) ?? []).map((c) => latest.get(c.seq) ?? c.seq)),
    );
  }
  return { nodes, bySeq, children, latest };
}

/**
 * A row written before that migration (fixParents writes these down before any change). A current
 * row's parent is exact: the current row before it (until then rows only went from current to
 * superseded, never back). A
 * superseded row follows the row before it when their roles alternate, else the nearest earlier
 * row of the other role (a second Regenerate follows the prompt, not the first answer). That
 * guess is right for one Edit or Regenerate at a time, which is what such rows hold in practice.
 */
function inferParent(rows: readonly BranchRow[], i: number, lastCurrent: number): number {
  const row = rows[i];
  if (row.status !== 'superseded') return lastCurrent;
  for (let j = i - 1; j >= 0; j--) if (rows[j].role !== row.role) return rows[j].seq;
  return ROOT;
}

/**
 * Writes down the inferred parents of rows from before that migration, before anything changes which
 * rows are current (the inference reads that): Edit, Regenerate and a branch switch call it first.
 */
export function fixParents(db: LenaDatabase, conversationId: string): void {
  const legacy = db
    .prepare('SELECT 1 FROM messages WHERE conversation_id = ? AND parent_seq IS NULL LIMIT 1')
    .get(conversationId);
  if (!legacy) return;
  const tree = loadTree(db, conversationId);
  const write = db.prepare(
    'UPDATE messages SET parent_seq = ? WHERE conversation_id = ? AND seq = ? AND parent_seq IS NULL',
  );
  db.transaction(() => {
    for (const node of tree.nodes) write.run(node.parent, conversationId, node.seq);
  });
}

/** For each current message that has kept alternatives: its place among them. */
export function branchInfo(db: LenaDatabase, conversationId: string): Record<string, BranchInfo> {
  // Most conversations were never edited: one cheap look spares reading the tree.
  const any = db
    .prepare("SELECT 1 FROM messages WHERE conversation_id = ? AND status = 'superseded' LIMIT 1")
    .get(conversationId);
  if (!any) return {};
  const tree = loadTree(db, conversationId);
  const out: Record<string, BranchInfo> = {};
  for (const node of tree.nodes) {
    if (node.status === 'superseded') continue;
    const siblings = tree.children.get(node.parent) ?? [];
    if (siblings.length < 2) continue;
    out[node.id] = {
      index: siblings.indexOf(node) + 1,
      count: siblings.length,
      siblings: siblings.map((s) => s.id),
    };
  }
  return out;
}

/**
 * Makes the branch starting at `messageId` current: the current messages after its parent are
 * superseded (keeping their status), and the message is restored with the line below it that was
 * written last (where the user left that branch).
 */
export function switchBranch(
  db: LenaDatabase,
  conversationId: string,
  messageId: string,
  now: number,
): void {
  db.transaction(() => {
    fixParents(db, conversationId);
    const tree = loadTree(db, conversationId);
    const target = tree.nodes.find((n) => n.id === messageId);
    if (!target)
      throw new LenaError(ERROR_CODE.notFound, `Message ${messageId} is not in this conversation.`);
    if (target.status !== 'superseded') return; // already the current branch
    const parent = tree.bySeq.get(target.parent);
    if (target.parent !== ROOT && (!parent || parent.status === 'superseded')) {
      throw new LenaError(
        ERROR_CODE.conflict,
        'That branch does not start from the conversation as it is shown; switch the earlier branch first.',
      );
    }
    db.prepare(
      "UPDATE messages SET kept_status = status, status = 'superseded' WHERE conversation_id = ? AND seq > ? AND status != 'superseded'",
    ).run(conversationId, target.parent);
    const restore = db.prepare(
      "UPDATE messages SET status = coalesce(kept_status, 'complete'), kept_status = NULL WHERE conversation_id = ? AND seq = ?",
    );
    // Down the child last written under each time: the branch as the user left it.
    for (
      let node: Node | undefined = target;
      node;
      node = lastWritten(tree, tree.children.get(node.seq))
    )
      restore.run(conversationId, node.seq);
    touchConversation(db, conversationId, now);
  });
}

function lastWritten(tree: Tree, nodes: Node[] | undefined): Node | undefined {
  let best: Node | undefined;
  for (const n of nodes ?? [])
    if (!best || (tree.latest.get(n.seq) ?? 0) > (tree.latest.get(best.seq) ?? 0)) best = n;
  return best;
}
