// The sidebar: new conversation, search, the pinned conversations, then the rest grouped by
// project (when any has one) and by date, the Archived view, import, and the servers entry.
import { isMac } from '../../components/use-shortcuts';
import { formatShortcut } from '../../lib/shortcuts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Spinner } from '../../components/Delayed';
import { explain } from '../../components/ErrorNote';
import { groupByProject } from '../../lib/project-groups';
import { useLena, useLenaActions } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { settingsSelectors } from '../../store/settings/selectors';
import { ConversationItems, groupKey, ProjectGroups } from './ProjectGroups';

/** Core marks matches in a snippet with « and »; shown as <mark>, the rest as plain text. */
function Highlighted({ snippet }: { snippet: string }) {
  return (
    <>
      {snippet
        .split(/(«[^»]*»)/)
        .map((part, i) =>
          part.startsWith('«') && part.endsWith('»') ? (
            <mark key={i}>{part.slice(1, -1)}</mark>
          ) : (
            <span key={i}>{part}</span>
          ),
        )}
    </>
  );
}

function SearchResults() {
  const hits = useLena(conversationsSelectors.searchHits);
  const error = useLena(conversationsSelectors.searchError);
  const query = useLena(conversationsSelectors.searchQuery);
  const { openConversation: open } = useLenaActions();
  if (error)
    return (
      <p className="error small" role="alert">
        Search failed: {explain(error)}
      </p>
    );
  if (hits.length === 0)
    return <p className="muted small empty-note">No messages match “{query}”.</p>;
  // One row per conversation (its best match, in core's order), with its date and how many more matched.
  const rows = new Map<string, { hit: (typeof hits)[number]; more: number }>();
  for (const h of hits) {
    const row = rows.get(h.conversationId);
    if (row) row.more += 1;
    else rows.set(h.conversationId, { hit: h, more: 0 });
  }
  return (
    <ul className="conversation-list-inner" role="list" aria-label="Search results">
      {[...rows.values()].map(({ hit: h, more }) => (
        <li key={h.conversationId} role="listitem" className="conversation">
          <button
            className="conversation-open ghost search-hit"
            onClick={() => open(h.conversationId, h.messageId)}
          >
            <span className="row">
              <strong className="grow">{h.conversationTitle}</strong>
              <span className="muted small">{new Date(h.createdAt).toLocaleDateString()}</span>
            </span>
            <span className="muted small">
              <Highlighted snippet={h.snippet} />
            </span>
            {more > 0 && (
              <span className="muted small">
                and {more} more {more === 1 ? 'match' : 'matches'}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ServersEntry() {
  const { status: state } = useLena(serversSelectors.serversLoad);
  const { setView } = useLenaActions();
  const { total, connected, failed, restarting, waiting, signIn, needs, attention } = useLena(
    useShallow(serversSelectors.summary),
  );
  const details =
    state === 'error'
      ? 'The server list is unavailable'
      : total === 0
        ? 'No servers configured'
        : [
            `${connected} of ${total} connected`,
            failed ? `${failed} failed` : '',
            restarting ? `${restarting} restarting` : '',
            waiting ? `${waiting} need approval` : '',
            signIn ? `${signIn} need sign-in` : '',
          ]
            .filter(Boolean)
            .join(' · ');
  // One line: the count, and how many want the user; the breakdown is the tooltip (the button's
  // accessible description, its name being the visible line).
  const line =
    state === 'error'
      ? 'unavailable'
      : total === 0
        ? 'none yet'
        : needs > 0
          ? `${connected} of ${total} · ${needs} need${needs === 1 ? 's' : ''} attention`
          : `${connected} of ${total} connected`;
  const dot = state === 'error' ? 'red' : attention;
  return (
    <button
      className="sidebar-servers ghost"
      onClick={() => setView('servers')}
      title={details}
      data-testid="servers-summary"
    >
      <span>Servers</span>
      <span className="sidebar-servers-line muted small">
        <span className={`dot dot-${dot}`} aria-hidden /> {line}
      </span>
    </button>
  );
}

/** Archived (N) and Import: below the list, above the servers entry. */
function ListFooter() {
  const archived = useLena(conversationsSelectors.archivedConversations).length;
  const showArchived = useLena(conversationsSelectors.showArchived);
  const { setShowArchived, importConversationFile } = useLenaActions();
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className="sidebar-footer-actions">
      <button
        className="ghost small-button"
        aria-pressed={showArchived}
        onClick={() => setShowArchived(!showArchived)}
      >
        {showArchived ? '← All conversations' : `Archived (${archived})`}
      </button>
      <button
        className="ghost small-button"
        title="Import a conversation exported as JSON"
        onClick={() => file.current?.click()}
      >
        Import…
      </button>
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Conversation file to import"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          if (picked) void importConversationFile(picked);
        }}
      />
    </div>
  );
}

// Long: the list, search and new-chat control share the sidebar's search state.
export function Sidebar() {
  const showArchived = useLena(conversationsSelectors.showArchived);
  const listed = useLena(conversationsSelectors.conversations);
  const archived = useLena(conversationsSelectors.archivedConversations);
  const conversations = showArchived ? archived : listed;
  const { status: state, error } = useLena(conversationsSelectors.conversationsLoad);
  const query = useLena(conversationsSelectors.searchQuery);
  const { newConversation, searchConversations, setSearchOpen, loadConversations } =
    useLenaActions();
  const activeId = useLena(conversationsSelectors.activeId);
  const openFolder = useLena(settingsSelectors.project)?.folder ?? null;
  // Pinned ones on top (in the list's order), the rest by project and date; none in the Archived view.
  const pinned = useMemo(
    () => (showArchived ? [] : conversations.filter((c) => c.pinned)),
    [conversations, showArchived],
  );
  const projects = useMemo(
    () =>
      groupByProject(
        pinned.length ? conversations.filter((c) => !c.pinned) : conversations,
        openFolder,
        Date.now(),
      ),
    [conversations, pinned, openFolder],
  );
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const fold = useCallback(
    (key: string) =>
      setFolded((f) => {
        const next = new Set(f);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  // Roving tabindex: the item last focused (else the open one, else the first) is the list's one
  // Tab stop, among the projects not folded.
  const [roving, setRoving] = useState<string | null>(null);
  const shown = conversations.filter((c) => c.pinned || !folded.has(groupKey(c.project ?? null)));
  const has = (id: string | null) => id !== null && shown.some((c) => c.id === id);
  const firstShown = projects.find((p) => !folded.has(groupKey(p.folder)));
  const tabStop = has(roving)
    ? roving
    : has(activeId)
      ? activeId
      : (pinned[0]?.id ?? firstShown?.dates[0]?.items[0]?.id ?? null);
  const onFocusItem = useCallback((id: string) => setRoving(id), []);
  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="sidebar-top">
        <button
          className="primary wide"
          onClick={() => void newConversation()}
          title={`New conversation (${formatShortcut('mod+n', isMac())})`}
        >
          + New conversation
        </button>
        <input
          id="conversation-search"
          className="search"
          type="search"
          placeholder={`Search  ${formatShortcut('mod+k', isMac())}`}
          aria-label="Search conversations"
          value={query}
          onFocus={() => setSearchOpen(true)}
          onChange={(e) => void searchConversations(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setSearchOpen(false);
              e.currentTarget.blur();
            }
          }}
        />
      </div>
      <div className="conversation-list">
        {showArchived && query.trim() === '' && <h2 className="archived-title">Archived</h2>}
        {query.trim() !== '' ? (
          <SearchResults />
        ) : state === 'error' && error ? (
          <div className="error small" role="alert">
            <p>Conversations could not be loaded: {explain(error)}</p>
            <button className="small-button" onClick={() => void loadConversations()}>
              Retry
            </button>
          </div>
        ) : state === 'loading' ? (
          <Spinner label="Loading conversations…" />
        ) : conversations.length === 0 ? (
          <p className="muted small empty-note">
            {showArchived
              ? 'Archived conversations appear here. Search still finds them.'
              : 'Your conversations will appear here.'}
          </p>
        ) : (
          <>
            {pinned.length > 0 && (
              <section aria-label="Pinned">
                <h3 className="group-title">Pinned</h3>
                <ConversationItems items={pinned} tabStop={tabStop} onFocusItem={onFocusItem} />
              </section>
            )}
            <ProjectGroups
              projects={projects}
              openFolder={openFolder}
              folded={folded}
              onFold={fold}
              tabStop={tabStop}
              onFocusItem={onFocusItem}
            />
          </>
        )}
      </div>
      {query.trim() === '' && <ListFooter />}
      <ServersEntry />
    </nav>
  );
}
