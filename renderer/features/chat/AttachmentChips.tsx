// The composer's attachments before sending: each file with what it is (an image's size, a PDF's
// pages, a text file) and its estimated token cost, removable by keyboard; resources keep their
// own chip. The total sits in the composer's meter (AttachmentsCost in ContextMeter.tsx).
import { attachmentTokens } from '../../../shared/chat/attachment-rules';
import type { Attachment } from '../../../shared/chat/messages';
import { costText } from '../../lib/format';
import { useLenaActions } from '../../store';
import { ResourceChip } from '../resources/ResourceChip';

function detail(a: Attachment): string {
  if (a.kind === 'image') return a.width && a.height ? `${a.width}×${a.height}` : 'image';
  if (a.kind === 'pdf') return a.pages ? `${a.pages} page${a.pages === 1 ? '' : 's'}` : 'PDF';
  return `${a.data.length.toLocaleString('en-US')} characters`;
}

function FileChip({ attachment: a, index }: { attachment: Attachment; index: number }) {
  const { removeAttachment } = useLenaActions();
  const tokens = attachmentTokens(a);
  const cost = costText(tokens);
  return (
    <li
      className="attachment-chip"
      data-testid="attachment-chip"
      title={`${a.name}: ${detail(a)}, ${cost} of input when sent`}
    >
      {a.kind === 'image' ? (
        <img src={`data:${a.mimeType};base64,${a.data}`} alt="" />
      ) : (
        <span className="badge">{a.kind === 'pdf' ? 'PDF' : 'TXT'}</span>
      )}
      <span className="attachment-name">{a.name}</span>
      <span className="muted attachment-detail hide-narrow">{detail(a)}</span>
      <span className="muted attachment-cost" data-testid="attachment-cost">
        {cost}
      </span>
      <button
        type="button"
        className="ghost icon"
        aria-label={`Remove ${a.name} (${cost})`}
        onClick={() => removeAttachment(index)}
      >
        ×
      </button>
    </li>
  );
}

export function AttachmentChips({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((a, i) =>
        a.kind === 'resource' ? (
          <ResourceChip key={i} attachment={a} index={i} />
        ) : (
          <FileChip key={i} attachment={a} index={i} />
        ),
      )}
    </ul>
  );
}
