// A server's prompt, read before it runs: every message it returned, in order, with the role it
// takes in the conversation (the server may write Claude's answers too) and every part of it
// (embedded resources in full, links, images), hidden characters made visible. Nothing is stored
// or sent until the user presses Send; Cancel or Escape drops it. It is shown in the question frame,
// so no single key sends it: focus starts on the heading, Tab reaches the buttons.
import type { McpContentBlock, PromptMessage } from '../../../shared/mcp-types';
import type { PromptPreview } from '../../../shared/resource-types';
import { Marked } from '../../components/Marked';
import { QuestionFrame } from '../questions/QuestionFrame';

function Part({ block }: { block: McpContentBlock }) {
  switch (block.type) {
    case 'text':
      return (
        <div className="server-text">
          <Marked text={block.text} />
        </div>
      );
    case 'image':
      return (
        <div className="small">
          Image (<Marked text={block.mimeType} />)
          {/^image\/(png|jpeg|gif|webp)$/.test(block.mimeType) && (
            <img
              className="attachment-thumb"
              src={`data:${block.mimeType};base64,${block.data}`}
              alt="Image from the prompt"
            />
          )}
        </div>
      );
    case 'audio':
      return (
        <div className="small muted">
          Audio clip (<Marked text={block.mimeType} />
          ), left out: Claude cannot hear audio.
        </div>
      );
    case 'resource_link':
      return (
        <div className="small">
          Resource link: <Marked text={block.title ?? block.name} />{' '}
          <span className="mono">
            &lt;
            <Marked text={block.uri} />
            &gt;
          </span>
        </div>
      );
    case 'resource': {
      const r = block.resource;
      return (
        <div className="prompt-preview-resource">
          <div className="small">
            Embedded resource{' '}
            <span className="mono">
              <Marked text={r.uri} />
            </span>
            {r.mimeType && (
              <>
                {' '}
                (<Marked text={r.mimeType} />)
              </>
            )}
          </div>
          {typeof r.text === 'string' ? (
            <pre className="server-text">
              <Marked text={r.text} />
            </pre>
          ) : (
            <div className="small muted">
              Binary data ({Math.round(((r.blob ?? '').length * 3) / 4)} bytes)
            </div>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}

function Message({ message, index }: { message: PromptMessage; index: number }) {
  const role =
    message.role === 'assistant' ? 'As Claude’s answer (written by the server)' : 'As your message';
  return (
    <li
      className={`prompt-preview-message ${message.role}`}
      aria-label={`Message ${index + 1}: ${role}`}
      data-testid="prompt-preview-message"
    >
      <div className="small muted">
        <span className="badge">{message.role === 'assistant' ? 'Claude' : 'You'}</span> {role}
      </div>
      <Part block={message.content} />
    </li>
  );
}

export function PromptPreviewView({
  preview,
  busy,
  error,
  onSend,
  onCancel,
}: {
  preview: PromptPreview;
  busy: boolean;
  error: string | null;
  onSend(): void;
  onCancel(): void;
}) {
  const send = () => {
    if (!busy) onSend();
  };
  return (
    <QuestionFrame
      questionId={preview.previewId}
      className="prompt-preview"
      heading={
        <>
          Send the prompt{' '}
          <span className="mono">
            /{preview.server}:{preview.prompt}
          </span>
          ?
        </>
      }
      primary={{ label: 'Send', run: send, disabled: busy }}
      cancel={{ label: 'Cancel', run: onCancel }}
    >
      <span className="small muted">
        {preview.server} wrote{' '}
        {preview.messages.length === 1
          ? 'this message'
          : `these ${preview.messages.length} messages`}
        ; they join the conversation only if you press Send.
      </span>
      {preview.description && (
        <p className="small">
          <Marked text={preview.description} />
        </p>
      )}
      <ol className="prompt-preview-messages" aria-label="Messages of the prompt">
        {preview.messages.map((m, i) => (
          <Message key={i} message={m} index={i} />
        ))}
      </ol>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </QuestionFrame>
  );
}
