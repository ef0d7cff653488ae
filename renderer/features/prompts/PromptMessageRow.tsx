// A message a server's prompt inserted (issue 22), visibly the server's: who sent it, which
// prompt, in which role. Its text is shown as plain text (the server data Lena wrapped for the
// model without its markers), its resources as chips, its images small.
import type { ChatMessage, PromptOrigin } from '../../../shared/chat/messages';
import { unwrapUntrusted } from '../../../shared/untrusted-markers';
import { Marked } from '../../components/Marked';

export function PromptMessageRow({ message }: { message: ChatMessage }) {
  const origin = message.origin as PromptOrigin;
  return (
    <div
      className={`message prompt-message ${message.role}`}
      role="listitem"
      aria-label={`From ${origin.server}’s prompt ${origin.prompt}`}
      data-testid="prompt-message"
    >
      <div className="prompt-origin muted small">
        <span className="badge">{origin.server}</span> prompt{' '}
        <span className="mono">
          /{origin.server}:{origin.prompt}
        </span>{' '}
        · {message.role === 'user' ? 'as your message' : 'as Claude’s answer'}
      </div>
      {message.content.map((b, i) => {
        const source = b.source as
          { type?: string; media_type?: string; data?: string } | undefined;
        if (b.type === 'text')
          return (
            <div key={i} className="user-text">
              <Marked text={unwrapUntrusted(String(b.text ?? '')).data} />
            </div>
          );
        if (b.type === 'image' && source?.type === 'base64')
          return (
            <img
              key={i}
              className="attachment-thumb"
              src={`data:${source.media_type};base64,${source.data}`}
              alt="Image from the prompt"
            />
          );
        if (b.type === 'document')
          return (
            <span key={i} className="attachment-chip">
              Resource: {String(b.title ?? 'document')}
            </span>
          );
        return null;
      })}
    </div>
  );
}
