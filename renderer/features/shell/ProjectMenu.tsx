// The title bar's project folder: shows the open one, switches to a recent one or a typed path,
// or closes it (project servers come and go with it).
import { useRef, useState } from 'react';
import { TopLayerMenu } from '../../components/TopLayerMenu';
import { useEscape } from '../../components/use-escape';
import { useLena, useLenaActions } from '../../store';
import { settingsSelectors } from '../../store/settings/selectors';

export function ProjectMenu() {
  const project = useLena(settingsSelectors.project);
  const { openProject, setProjectSheet } = useLenaActions();
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
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = async (folder: string | null) => {
    const r = await openProject(folder);
    setError(r.ok ? null : r.error.message);
    if (r.ok) setOpen(false);
  };
  const folder = project?.folder ?? null;
  return (
    <div className="project-menu">
      <button
        ref={menuButton}
        className="ghost titlebar-project"
        aria-expanded={open}
        aria-haspopup="dialog"
        title={folder ?? 'No project folder is open'}
        onClick={() => setOpen(!open)}
      >
        {folder ? `Project: ${folder}` : 'No project folder'} ▾
      </button>
      {open && (
        // A dialog, not a menu: it holds a text field and a form, which a menu cannot.
        <TopLayerMenu
          anchor={menuButton}
          role="dialog"
          label="Project folder"
          initialFocus="input"
          onDismiss={() => setOpen(false)}
        >
          {(project?.recent ?? [])
            .filter((f) => f !== folder)
            .map((f) => (
              <button key={f} className="ghost mono small" onClick={() => void choose(f)}>
                {f}
              </button>
            ))}
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (path.trim()) void choose(path.trim());
            }}
          >
            <input
              className="mono grow"
              aria-label="Folder to open"
              placeholder="/path/to/project"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
            <button type="submit">Open</button>
          </form>
          {folder && (
            <button
              className="ghost"
              onClick={() => {
                setOpen(false);
                void setProjectSheet(true);
              }}
            >
              Project settings…
            </button>
          )}
          {folder && (
            <button className="ghost" onClick={() => void choose(null)}>
              Close the project
            </button>
          )}
          {error && (
            <p className="error small" role="alert">
              {error}
            </p>
          )}
        </TopLayerMenu>
      )}
    </div>
  );
}
