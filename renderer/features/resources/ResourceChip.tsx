// An attached resource in the composer: its name, server and token estimate; marked when the
// server said it changed since it was read, with Refresh to read it again.
import { attachmentTokens } from '../../../shared/chat/attachment-rules';
import type { Attachment } from '../../../shared/chat/messages';
import { costText } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';

export function ResourceChip({ attachment, index }: { attachment: Attachment; index: number }) {
  const changed = useLena(resourcesSelectors.changed(attachment.server, attachment.uri));
  const {
    refreshAttachment: refresh,
    removeAttachment: remove,
    openResource: open,
  } = useLenaActions();
  return (
    <li
      className={`attachment-chip resource-chip ${changed ? 'changed' : ''}`}
      data-testid="resource-chip"
    >
      <span className="badge">{attachment.server}</span>
      <button
        type="button"
        className="ghost"
        title={attachment.uri}
        onClick={() =>
          attachment.server &&
          attachment.uri &&
          void open(attachment.server, attachment.uri, attachment.name)
        }
      >
        {attachment.name}
      </button>
      <span className="muted attachment-cost" data-testid="attachment-cost">
        {costText(attachmentTokens(attachment))}
      </span>
      {changed && (
        <>
          <span className="changed-mark" role="status">
            changed on the server
          </span>
          <button
            type="button"
            className="small-button"
            onClick={() => void refresh(index)}
            aria-label={`Refresh ${attachment.name}`}
          >
            Refresh
          </button>
        </>
      )}
      <button
        type="button"
        className="ghost icon"
        aria-label={`Remove ${attachment.name}`}
        onClick={() => remove(index)}
      >
        ×
      </button>
    </li>
  );
}
