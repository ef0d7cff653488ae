// Actions on the open conversation in the title bar: duplicate, move to another project, find
// (Ctrl/Cmd+F), and export as Markdown, a standalone HTML page or JSON (downloaded from a blob,
// nothing leaves the machine).
import { useRef, useState } from 'react';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { isMac } from '../../components/use-shortcuts';
import { formatShortcut } from '../../lib/shortcuts';
import { folderName } from '../../lib/project-groups';
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { settingsSelectors } from '../../store/settings/selectors';

/** The projects a conversation can move to: the open and recent folders, and those of other conversations. */
function useProjectChoices(current: string | null): (string | null)[] {
  const project = useLena(settingsSelectors.project);
  const conversations = useLena(conversationsSelectors.conversations);
  const folders = new Set<string>();
  if (project?.folder) folders.add(project.folder);
  for (const f of project?.recent ?? []) folders.add(f);
  for (const c of conversations) if (c.project) folders.add(c.project);
  const choices: (string | null)[] = [...folders].filter((f) => f !== current);
  if (current !== null) choices.push(null);
  return choices;
}

const MIME = { json: 'application/json', markdown: 'text/markdown', html: 'text/html' } as const;

export function ConversationActions({ id }: { id: string }) {
  const { exportConversation, duplicateConversation, moveConversation, setFindOpen } =
    useLenaActions();
  const current = useLena(conversationsSelectors.byId(id))?.project ?? null;
  const choices = useProjectChoices(current);
  const [moving, setMoving] = useState(false);
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
        onClick={() => {
          setMoving(false);
          setOpen(!open);
        }}
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
            aria-expanded={moving}
            disabled={choices.length === 0}
            onClick={() => setMoving(!moving)}
          >
            Move to project…
          </button>
          {moving &&
            choices.map((folder) => (
              <button
                key={folder ?? ''}
                role="menuitem"
                className="ghost small menu-indent"
                title={folder ?? undefined}
                onClick={() => {
                  setOpen(false);
                  void moveConversation(id, folder);
                }}
              >
                {folder === null ? 'No project' : folderName(folder)}
              </button>
            ))}
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
