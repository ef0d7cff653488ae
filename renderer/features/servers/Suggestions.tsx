// Suggested servers for a first run, each showing the exact command before it is added.
import { useState } from 'react';
import type { ServerEntry } from '../../../shared/server-config';
import { joinCommandLine } from '../../lib/command-line';
import { useLena, useLenaActions } from '../../store';
import { settingsSelectors } from '../../store/settings/selectors';

interface Suggestion {
  name: string;
  what: string;
  entry(folder: string): ServerEntry;
  needsFolder?: boolean;
}

const SUGGESTIONS: Suggestion[] = [
  {
    name: 'filesystem',
    what: 'Read and write files in one folder you choose.',
    needsFolder: true,
    entry: (folder) => ({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', folder],
    }),
  },
  {
    name: 'memory',
    what: 'A knowledge graph Claude can remember things in.',
    entry: () => ({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }),
  },
  {
    name: 'everything',
    what: 'The MCP reference server: every feature, for trying things out.',
    entry: () => ({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }),
  },
];

export function Suggestions() {
  const { addServer, selectServer } = useLenaActions();
  const projectFolder = useLena(settingsSelectors.project)?.folder ?? '';
  const [folder, setFolder] = useState(projectFolder);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async (s: Suggestion) => {
    if (s.needsFolder && folder.trim() === '')
      return setErrors({ ...errors, [s.name]: 'Type the folder Claude may use first.' });
    const r = await addServer(s.name, s.entry(folder.trim()));
    if (r.ok) selectServer(s.name);
    else setErrors({ ...errors, [s.name]: `Could not add ${s.name}: ${r.error.message}` });
  };
  return (
    <section className="suggestions" aria-label="Suggested servers">
      <h2>Suggested servers</h2>
      <ul role="list">
        {SUGGESTIONS.map((s) => {
          const entry = s.entry(folder.trim() || 'FOLDER');
          return (
            <li key={s.name} className="card suggestion">
              <div className="row">
                <strong>{s.name}</strong>
                <span className="muted">{s.what}</span>
              </div>
              {s.needsFolder && (
                <label className="field">
                  <span>Folder</span>
                  <input
                    className="mono"
                    value={folder}
                    onChange={(e) => setFolder(e.target.value)}
                    placeholder="/home/you/Documents"
                    aria-label="Folder for the filesystem server"
                  />
                </label>
              )}
              <code className="command-preview" aria-label={`Command for ${s.name}`}>
                {joinCommandLine([entry.command ?? '', ...(entry.args ?? [])])}
              </code>
              <div className="row">
                <button onClick={() => void add(s)}>Add {s.name}</button>
              </div>
              {errors[s.name] && (
                <p className="error small" role="alert">
                  {errors[s.name]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
