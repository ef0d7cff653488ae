// One server's resources and templates, searchable and shown a page at a time: Open reads one
// into the viewer, Attach (where offered) adds it to the message being written.
import { useEffect, useState } from 'react';
import type { Resource, ResourceTemplate } from '../../../shared/mcp-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena, useLenaActions } from '../../store';
import { resourcesSelectors } from '../../store/resources/selectors';
import { TemplateForm } from './TemplateForm';

const PAGE = 50;

const matches = (q: string, ...fields: (string | undefined)[]) =>
  fields.some((f) => f?.toLowerCase().includes(q));

// Long: search, resources, templates and their forms share the browser's selection.
export function ResourceBrowser({
  server,
  onAttach,
  headingLevel = 3,
}: {
  server: string;
  onAttach?(uri: string, name: string): void;
  /** The level of its "Templates" heading: one below the heading it sits under. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const offerings = useLena(resourcesSelectors.offerings(server));
  const error = useLena(resourcesSelectors.offeringsError(server));
  const { loadOfferings: load, openResource: open } = useLenaActions();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [template, setTemplate] = useState<string | null>(null);
  useEffect(() => void load(server), [server, load]);
  if (error)
    return (
      <ErrorNote title={`Could not list the resources of ${server}`} error={error}>
        <button onClick={() => void load(server)}>Retry</button>
      </ErrorNote>
    );
  if (!offerings) return <p className="muted">Loading resources…</p>;
  const q = query.trim().toLowerCase();
  const resources = offerings.resources.filter(
    (r: Resource) => !q || matches(q, r.uri, r.name, r.title, r.description),
  );
  const templates = offerings.templates.filter(
    (t: ResourceTemplate) => !q || matches(q, t.uriTemplate, t.name, t.title, t.description),
  );
  if (offerings.resources.length === 0 && offerings.templates.length === 0)
    return <p className="muted">{server} offers no resources.</p>;
  return (
    <div className="resource-browser">
      <input
        type="search"
        placeholder="Search resources"
        aria-label={`Search resources of ${server}`}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setShown(PAGE);
        }}
      />
      <p className="muted small">
        {resources.length} of {offerings.resources.length} resources · {templates.length} templates
        {offerings.subscribe ? ' · changes are followed' : ''}
      </p>
      <ul className="resource-list" aria-label={`Resources of ${server}`}>
        {resources.slice(0, shown).map((r) => (
          <li key={r.uri}>
            <div className="grow">
              <strong>{r.title ?? r.name}</strong>{' '}
              {r.mimeType && <span className="badge">{r.mimeType}</span>}
              <div className="muted small mono">{r.uri}</div>
              {r.description && <div className="small">{r.description}</div>}
            </div>
            <button
              onClick={() => void open(server, r.uri, r.title ?? r.name)}
              aria-label={`Open ${r.name}`}
            >
              Open
            </button>
            {onAttach && (
              <button
                onClick={() => onAttach(r.uri, r.title ?? r.name)}
                aria-label={`Attach ${r.name}`}
              >
                Attach
              </button>
            )}
          </li>
        ))}
      </ul>
      {resources.length > shown && (
        <button className="small-button" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, resources.length - shown)} more
        </button>
      )}
      {templates.length > 0 && <Heading>Templates</Heading>}
      <ul className="resource-list" aria-label={`Resource templates of ${server}`}>
        {templates.map((t) => (
          <li key={t.uriTemplate} className="column">
            <div className="row">
              <div className="grow">
                <strong>{t.title ?? t.name}</strong>{' '}
                {t.mimeType && <span className="badge">{t.mimeType}</span>}
                <div className="muted small mono">{t.uriTemplate}</div>
                {t.description && <div className="small">{t.description}</div>}
              </div>
              <button
                aria-expanded={template === t.uriTemplate}
                onClick={() => setTemplate(template === t.uriTemplate ? null : t.uriTemplate)}
                aria-label={`Fill in ${t.name}`}
              >
                Fill in
              </button>
            </div>
            {template === t.uriTemplate && (
              <TemplateForm
                server={server}
                template={t}
                completions={offerings.completions}
                onRead={(uri) => void open(server, uri, t.title ?? t.name)}
                onAttach={
                  onAttach ? (uri) => onAttach(uri, `${t.title ?? t.name} (${uri})`) : undefined
                }
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
