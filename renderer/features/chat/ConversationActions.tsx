// Actions on the open conversation in the title bar: duplicate, find (Ctrl/Cmd+F), and export as
// Markdown, a standalone HTML page or JSON (downloaded from a blob, nothing leaves the machine).
import { useRef, useState } from 'react';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { isMac } from '../../components/use-shortcuts';
import { formatShortcut } from '../../lib/shortcuts';
import { useLenaActions } from '../../store';

const MIME = { json: 'application/json', markdown: 'text/markdown', html: 'text/html' } as const;

export function ConversationActions({ id }: { id: string }) {
  const { exportConversation, duplicateConversation, setFindOpen } = useLenaActions();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // An open menu is the innermost surface: Escape closes it and focus returns to its button.
  useEscape(
    'overlay',
    () => {
      setOpen(false);
      menuButton.current?.focus();
    },
    open,
  );
  const download = async (format: 'markdown' | 'json' | 'html') => {
    setOpen(false);
    const r = await exportConversation(id, format);
    if (!r.ok) return;
    const url = URL.createObjectURL(
      new Blob([r.value.content], {
        type: MIME[format],
      }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = r.value.filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="project-menu">
      <button
        ref={menuButton}
        className="ghost"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(!open)}
      >
        Conversation ▾
      </button>
      {open && (
        <TopLayerMenu
          anchor={menuButton}
          align="right"
          className="popover-right"
          role="menu"
          label="Conversation actions"
          onDismiss={() => setOpen(false)}
        >
          <button
            role="menuitem"
            className="ghost"
            onClick={() => {
              setOpen(false);
              void duplicateConversation(id);
            }}
          >
            Duplicate
          </button>
          <button
            role="menuitem"
            className="ghost"
            onClick={() => {
              setOpen(false);
              setFindOpen(true);
            }}
          >
            Find in conversation <kbd>{formatShortcut('mod+f', isMac())}</kbd>
          </button>
          <button role="menuitem" className="ghost" onClick={() => void download('markdown')}>
            Export as Markdown
          </button>
          <button role="menuitem" className="ghost" onClick={() => void download('html')}>
            Export as web page (HTML)
          </button>
          <button role="menuitem" className="ghost" onClick={() => void download('json')}>
            Export as JSON
          </button>
        </TopLayerMenu>
      )}
    </div>
  );
}
