// "Add server": a name and the form, Test connection before adding, import from a pasted snippet
// or from Claude Desktop, and the suggestions.
import { useState } from 'react';
import type { TestConnectionResult } from '../../../shared/server-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useCloseWithEscape } from '../../components/LeaveBar';
import { focusWhenRendered } from '../../components/use-escape';
import { serverNameProblem } from '../../../shared/config/server-entry-schema';
import { entryFromForm, formFromEntry } from '../../lib/entry-form';
import { parseMcpServersSnippet, type SnippetImport } from '../../lib/mcp-snippet';
import { useLenaActions } from '../../store';
import type { UiError } from '../../store/result';
import { ImportButton } from './ImportButton';
import { ServerForm } from './ServerForm';
import { Suggestions } from './Suggestions';
import { TestResult } from './TestResult';
import { ERROR_CODE } from '../../../shared/result';

// Long: the form, its test and the suggestions share the draft's name and entry.
export function AddServer() {
  const { addServer, testServer, selectServer, setAddingServer } = useLenaActions();
  const [name, setName] = useState('');
  const [form, setForm] = useState(formFromEntry(null));
  const [error, setError] = useState<UiError | null>(null);
  const [test, setTest] = useState<TestConnectionResult | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const entry = entryFromForm(form);
  // The same rule core applies: the name becomes part of tool names.
  const nameProblem = name.trim() === '' ? undefined : serverNameProblem(name.trim());
  const close = () => {
    setAddingServer(false);
    focusWhenRendered('[data-add-server]');
  };
  // Escape closes the form, asking first when something was typed into it.
  const { bar } = useCloseWithEscape(
    'form',
    close,
    () => name.trim() !== '' || JSON.stringify(form) !== JSON.stringify(formFromEntry(null)),
  );

  const add = async () => {
    if (name.trim() === '')
      return setError({
        code: ERROR_CODE.invalidArguments,
        message: 'Give the server a name: letters, digits, "_" and "-".',
      });
    const r = await addServer(name.trim(), entry);
    if (r.ok) {
      selectServer(r.value.name);
      focusWhenRendered(`.server-item[data-server="${CSS.escape(r.value.name)}"]`);
    } else setError(r.error);
  };
  const runTest = async () => {
    setTest(null);
    const r = await testServer(name.trim() || 'test', entry);
    if (r.ok) setTest(r.value);
    else setError(r.error);
  };
  const importSnippet = async (snippet: SnippetImport) => {
    const added: string[] = [];
    const failed: string[] = snippet.invalid.map((i) => `${i.name}: ${i.reason}`);
    for (const s of snippet.servers) {
      const r = await addServer(s.name, s.entry);
      if (r.ok) added.push(s.name);
      else failed.push(`${s.name}: ${r.error.message}`);
    }
    setImported(
      [
        added.length ? `Imported ${added.join(', ')}.` : 'Nothing was imported.',
        ...failed.map((f) => `Not imported — ${f}`),
      ].join('\n'),
    );
  };

  return (
    <div
      className="server-detail"
      aria-label="Add a server"
      onPaste={(e) => {
        // A Claude Desktop `{"mcpServers": …}` snippet pasted anywhere here imports its servers.
        const snippet = parseMcpServersSnippet(e.clipboardData.getData('text'));
        if (snippet) {
          e.preventDefault();
          void importSnippet(snippet);
        }
      }}
    >
      <div className="row">
        <h2>Add a server</h2>
        <span className="spacer" />
        <ImportButton />
        <button className="ghost" onClick={close} title="Close (Esc)">
          Close
        </button>
      </div>
      {bar}
      <p className="muted small">
        Paste a whole command line into Command, or a Claude Desktop{' '}
        <span className="mono">{'{"mcpServers": …}'}</span> snippet anywhere in the form.
      </p>
      <label className="field">
        <span>Name</span>
        <input
          className="mono"
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="memory"
          aria-describedby="name-hint"
        />
        {nameProblem ? (
          <span id="name-hint" className="error small" role="alert">
            {nameProblem[0].toUpperCase() + nameProblem.slice(1)}.
          </span>
        ) : (
          <span id="name-hint" className="muted small">
            Becomes part of tool names (mcp__{name || 'NAME'}__tool).
          </span>
        )}
      </label>
      <ServerForm form={form} onChange={setForm} server={name} />
      {imported && (
        <pre className="notice small" role="status">
          {imported}
        </pre>
      )}
      {error && <ErrorNote title="The server was not added" error={error} />}
      {test && <TestResult result={test} entry={entry} />}
      <div className="row">
        <button className="primary" disabled={nameProblem !== undefined} onClick={() => void add()}>
          Add server
        </button>
        <button onClick={() => void runTest()}>Test connection</button>
      </div>
      <Suggestions />
    </div>
  );
}
