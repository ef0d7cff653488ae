// Actions on the open conversation in the title bar: duplicate, and export as Markdown or JSON
// (downloaded from a blob, nothing leaves the machine).
import { useRef, useState } from 'react';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { useLenaActions } from '../../store';

export function ConversationActions({ id }: { id: string }) {
  const { exportConversation, duplicateConversation } = useLenaActions();
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
  const download = async (format: 'markdown' | 'json') => {
    setOpen(false);
    const r = await exportConversation(id, format);
    if (!r.ok) return;
    const url = URL.createObjectURL(
      new Blob([r.value.content], {
        type: format === 'json' ? 'application/json' : 'text/markdown',
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
          <button role="menuitem" className="ghost" onClick={() => void download('markdown')}>
            Export as Markdown
          </button>
          <button role="menuitem" className="ghost" onClick={() => void download('json')}>
            Export as JSON
          </button>
        </TopLayerMenu>
      )}
    </div>
  );
}
