// One message of the conversation: the user's text and attachments, or the assistant's Markdown
// with its tool cards in place; Edit, Copy and Regenerate where they apply.
import { memo, useState } from 'react';
import type { ChatMessage, ContentBlock } from '../../../shared/chat/messages';
import type { ToolCallView } from '../../../shared/chat/tool-calls';
import { PINNED_CONTEXT } from '../../../shared/projects';
import { CopyButton } from '../../components/CopyButton';
import { Marked } from '../../components/Marked';
import { messageText } from '../../lib/chat-reducer';
import { splitMarkdownBlocks } from '../../lib/markdown-blocks';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { PromptMessageRow } from '../prompts/PromptMessageRow';
import { BranchSwitcher } from './BranchSwitcher';
import { ChatErrorNote } from './ChatErrorNote';
import { StopNote } from './StopNote';
import { Citations, ServerToolCard } from './ServerToolBlocks';
import { Markdown } from './Markdown';
import { ToolCard } from './ToolCard';

function placeholderCall(message: ChatMessage, block: ContentBlock): ToolCallView {
  const name = String(block.name ?? 'tool');
  const [, server = '', tool = name] = /^mcp__(.+?)__(.+)$/.exec(name) ?? [];
  return {
    id: String(block.id),
    conversationId: message.conversationId,
    messageId: message.id,
    server,
    tool,
    qualifiedName: name,
    title: null,
    input: block.input,
    status: 'pending',
    result: null,
    isError: false,
    errorSource: null,
    errorMessage: null,
    resultBytes: null,
    truncated: false,
    progress: null,
    decision: null,
    decidedBy: null,
    startedAt: null,
    endedAt: null,
    durationMs: null,
  };
}

function ToolUse({ message, block }: { message: ChatMessage; block: ContentBlock }) {
  const call = useLena(chatSelectors.toolCall(String(block.id)));
  const searched = useLena(chatSelectors.foundBySearch(message.id, String(block.name)));
  return <ToolCard call={call ?? placeholderCall(message, block)} searched={searched} />;
}

function UserBlock({ block }: { block: ContentBlock }) {
  if (block.type === 'text')
    return (
      <div className="user-text">
        <Marked text={String(block.text ?? '')} />
      </div>
    );
  const source = block.source as { type?: string; media_type?: string; data?: string } | undefined;
  if (
    block.type === 'image' &&
    source?.type === 'base64' &&
    /^image\/(png|jpeg|gif|webp)$/.test(source.media_type ?? '')
  ) {
    return (
      <img
        className="attachment-thumb"
        src={`data:${source.media_type};base64,${source.data}`}
        alt={
          block.context === PINNED_CONTEXT
            ? `Pinned image: ${String(block.title ?? 'image')}`
            : 'Attached image'
        }
      />
    );
  }
  if (block.type === 'document')
    return (
      <span className="attachment-chip">
        {block.context === PINNED_CONTEXT ? 'Pinned file' : 'Attached file'}:{' '}
        {String(block.title ?? 'document')}
      </span>
    );
  return null;
}

function Editor({ message }: { message: ChatMessage }) {
  const [text, setText] = useState(messageText(message));
  const { edit, setEditing } = useLenaActions();
  return (
    <form
      className="edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void edit(message.id, text);
      }}
    >
      <textarea
        aria-label="Edit message"
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={Math.min(10, text.split('\n').length + 1)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(null);
          }
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void edit(message.id, text);
          }
        }}
      />
      <div className="row">
        <button type="submit" className="primary">
          Save and resend
        </button>
        <button type="button" onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A user message that only carries tool results: the middle of an answer, not a turn of its own. */
// Long: renders every kind of block in a message, with the row's edit and branch controls.
export const MessageRow = memo(function MessageRow({
  index,
  isLast,
}: {
  index: number;
  isLast: boolean;
}) {
  const message = useLena(chatSelectors.message(index));
  // Rounds of one answer (assistant → tool results → assistant) read as one: no gap between them.
  const continued = useLena(chatSelectors.onlyToolResultsAt(index - 1));
  const continues = useLena(chatSelectors.onlyToolResultsAt(index + 1));
  const editing = useLena(chatSelectors.editingId) === (message?.id ?? false);
  const running = useLena(chatSelectors.running);
  const { setEditing, regenerate } = useLenaActions();
  const branched = useLena((s) => s.openChat.value?.branches?.[message?.id ?? ''] !== undefined);
  if (!message) return null;
  // Issue 19: a task's result sent as a new turn; its card stays where the model asked for it.
  if (message.origin?.kind === 'task-result') {
    if (message.role === 'user') return null;
    return (
      <div
        className="message assistant continued-task muted small"
        role="listitem"
        data-testid="task-result-sent"
      >
        The result of <code>{message.origin.tool}</code> ({message.origin.server}) was sent to
        Claude.
      </div>
    );
  }
  if (message.origin?.kind === 'prompt') return <PromptMessageRow message={message} />; // issue 22: a server's prompt
  const visible = message.content.filter((b) => b.type !== 'tool_result');
  if (visible.length === 0 && !message.error && !message.stop && message.status !== 'streaming')
    return <div className="message-spacer" />;
  if (message.role === 'user') {
    return (
      <div
        className="message user"
        role="listitem"
        aria-label={
          message.origin?.kind === 'view'
            ? `Sent from the ${message.origin.tool} view of ${message.origin.server}`
            : 'Your message'
        }
      >
        {message.origin?.kind === 'view' && (
          // MCP Apps: the words are the view's; the user approved sending them.
          <div className="prompt-origin muted small" data-testid="view-message-origin">
            From the <code>{message.origin.tool}</code> view of{' '}
            <span className="badge">{message.origin.server}</span> · sent with your approval
          </div>
        )}
        {editing ? (
          <Editor message={message} />
        ) : (
          visible.map((b, i) => <UserBlock key={i} block={b} />)
        )}
        {!editing && (
          <div className="message-actions">
            <BranchSwitcher messageId={message.id} />
            <button
              className="small-button ghost"
              disabled={running}
              onClick={() => setEditing(message.id)}
            >
              Edit
            </button>
          </div>
        )}
      </div>
    );
  }
  const text = messageText(message);
  return (
    <div
      className={`message assistant ${continued ? 'continued' : ''} ${continues ? 'continues' : ''}`}
      role="listitem"
      aria-label="Claude’s answer"
      data-status={message.status}
    >
      {visible.map((b, i) => {
        if (b.type === 'text') {
          const text = String(b.text ?? '');
          // While streaming, finished blocks keep their rendering; only the last one is parsed again.
          if (message.status === 'streaming')
            return splitMarkdownBlocks(text).map((block, n) => (
              <Markdown key={`${i}-${n}`} text={block} />
            ));
          return (
            <div key={i}>
              <Markdown text={text} />
              <Citations block={b} />
            </div>
          );
        }
        if (b.type === 'tool_use')
          return <ToolUse key={String(b.id ?? i)} message={message} block={b} />;
        if (b.type === 'server_tool_use')
          return <ServerToolCard key={String(b.id ?? i)} use={b} blocks={message.content} />;
        if (b.type === 'thinking' && typeof b.thinking === 'string') {
          return (
            <details key={i} className="thinking">
              <summary>Thinking</summary>
              <pre className="result-text">
                <Marked text={b.thinking} />
              </pre>
            </details>
          );
        }
        return null;
      })}
      {message.status === 'streaming' && (
        <span className="caret" role="img" aria-label="Claude is writing" />
      )}
      {message.error && <ChatErrorNote error={message.error} />}
      {message.stop && <StopNote stop={message.stop} />}
      {message.status !== 'streaming' && text && !continues ? (
        <div className="message-actions">
          {branched && <BranchSwitcher messageId={message.id} />}
          <CopyButton text={text} label="Copy answer" className="ghost" />
          {isLast && !running && (
            <button className="small-button ghost" onClick={() => void regenerate()}>
              Regenerate
            </button>
          )}
        </div>
      ) : branched && message.status !== 'streaming' ? (
        // A regenerated answer that used tools starts its branch here, before its last round.
        <div className="message-actions">
          <BranchSwitcher messageId={message.id} />
        </div>
      ) : null}
    </div>
  );
});
