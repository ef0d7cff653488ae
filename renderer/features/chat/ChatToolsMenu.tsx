// Servers and tools for this conversation (issue 16): a popup in the composer listing the connected
// servers with their tools, each with a switch kept with the conversation; the switches on the
// servers page stay the defaults. The button says how many tools this conversation sends.
// With hundreds of tools (issue 24) the list is virtualised (only the rows on screen exist; each
// says its place, "12 of 532", to screen readers) and a filter box finds a tool by name, title or
// server. Keyboard: the popup opens on the filter (↓ from the button: on the first row); ↓ moves
// from the filter into the list; ↑/↓, PageUp/PageDown, Home/End move; typing on a row goes on in the filter; Space
// or Enter flips; Escape closes and returns to the button.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ToolInfo } from '../../../shared/server-types';
import { Spinner } from '../../components/Delayed';
import { useEscape } from '../../components/use-escape';
import { formatTokens } from '../../lib/format';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { ChatSkillsSwitches, useEnabledSkills } from './ChatSkillsSwitches';
import {
  headerAbove,
  rowLabel,
  serverRowIndexes,
  toolsMenuRows,
  type ToolsMenuRow,
  type ToolsMenuRows,
} from './chat-tools-rows';

const HELD = new Set<ToolInfo['pin']>(['new', 'changed', 'rejected']);
const NO_ROWS: ToolsMenuRows = { rows: [], matched: 0, total: 0 };
/** The server row held on top while its tools scroll under it. */
const STICKY = { position: 'sticky', top: 0, zIndex: 1 } as const;
/** A row's height before it is measured (styles/chat-controls.css: one line of 13 px text). */
const ROW_PX = 26;

/** The connected servers' names and tool counts, joined, so the menu re-renders only when that list changes. */
const connectedKey = (s: Parameters<typeof serversSelectors.servers>[0]) =>
  serversSelectors
    .servers(s)
    .filter((x) => x.status === 'connected')
    .map((x) => `${x.name}:${x.toolCount}`)
    .join('\n');

// Long: search, server groups, switches and focus share one state; split, each needs all of it.
export function ChatToolsMenu() {
  const connected = useLena(connectedKey);
  const servers = useMemo(
    () => (connected ? connected.split('\n').map((l) => l.slice(0, l.lastIndexOf(':'))) : []),
    [connected],
  );
  const toolLists = useLena(serversSelectors.toolLists);
  const choice = useLena((s) => conversationsSelectors.active(s)?.tools);
  const { loadTools, setChatTool } = useLenaActions();
  const skills = useEnabledSkills();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [query, setQuery] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  // Where focus should go once the next render has drawn it: the active row, or the filter. The
  // tick makes that render happen even when the active row stays the same.
  const want = useRef<'row' | 'filter' | null>(null);
  const [, setTick] = useState(0);
  const focusNext = (to: 'row' | 'filter') => {
    want.current = to;
    setTick((n) => n + 1);
  };
  // The tool lists (schemas and all) are fetched only while the menu is open: a server may list
  // thousands. Again when the servers or their tool counts change meanwhile.
  useEffect(() => {
    if (open && connected) void loadTools();
  }, [open, connected, loadTools]);
  // Until the first list of every server's tools arrives the rows would say "0 of 0 on": a
  // spinner (after 150 ms) says they are coming, and a failed fetch says why, with Retry.
  const all = toolLists['*'];
  const waiting = servers.length > 0 && !all?.value;
  const listOf = useCallback(
    (server: string) => toolLists[server]?.value ?? undefined,
    [toolLists],
  );
  const { rows, matched, total } = useMemo(
    () => (waiting ? NO_ROWS : toolsMenuRows(servers, listOf, choice, query)),
    [waiting, servers, listOf, choice, query],
  );
  // The button's count is core's, for this conversation (chat:budget), so it needs no tool lists.
  const counted = useLena((s) =>
    chatSelectors
      .budget(s)
      ?.perServer.reduce((n, x) => n + (servers.includes(x.server) ? x.toolCount : 0), 0),
  );
  const sent =
    counted ??
    toolsMenuRows(servers, listOf, choice).rows.reduce((n, r) => n + (r.onCount ?? 0), 0);

  // The active row is always drawn, even scrolled out of view, so focus on it is never lost; and
  // the row of the server whose tools are at the top stays on top (filesystem's Read File and
  // filesystem-2's look alike).
  const serverRows = useMemo(() => serverRowIndexes(rows), [rows]);
  const sticky = useRef(0);
  const rangeExtractor = useCallback(
    (range: Range) => {
      sticky.current = headerAbove(serverRows, range.startIndex);
      const drawn = new Set([...defaultRangeExtractor(range), sticky.current]);
      if (active < range.count) drawn.add(active);
      return [...drawn].filter((i) => i < range.count).sort((a, b) => a - b);
    },
    [active, serverRows],
  );
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  // A row brought into view lands below the row held on top, not under it.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
    getItemKey,
    rangeExtractor,
    scrollPaddingStart: ROW_PX,
  });

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEscape('overlay', () => close(true), open);
  // Placed above its button, right edges aligned (styles/chat-controls.css), so it follows the
  // button wherever the composer's controls wrap or shrink, never past the window's edge.
  // Focus follows the active row (roving tabindex), once the virtualizer has drawn it.
  // A row asked for before the tool lists arrive (↓ on the button) is focused once they have.
  useEffect(() => {
    if (!open || !want.current) return;
    if (want.current === 'filter') filterBox.current?.focus();
    else {
      if (active < rows.length) virtualizer.scrollToIndex(active);
      const row = list.current?.querySelector<HTMLElement>(`[data-row="${active}"]`);
      if (!row) return;
      row.focus({ preventScroll: true });
    }
    want.current = null;
  });
  // A click outside closes it, as any menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!popup.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node))
        close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const flip = (row: ToolsMenuRow) => {
    if (row.inert) return;
    void setChatTool({
      server: row.server,
      ...(row.tool ? { tool: row.tool.qualifiedName } : {}),
      on: !row.on,
    });
  };
  const moveTo = (e: KeyboardEvent, to: number) => {
    e.preventDefault();
    focusNext('row');
    setActive(Math.max(0, Math.min(rows.length - 1, to)));
  };
  const onFilterKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && rows.length > 0) moveTo(e, 0);
    else if (e.key === 'Tab' && e.shiftKey) close(false);
  };
  const onListKeyDown = (e: KeyboardEvent) => {
    const last = rows.length - 1;
    if (e.key === 'ArrowDown') moveTo(e, active >= last ? 0 : active + 1);
    else if (e.key === 'ArrowUp') {
      // Above the first row is the filter, as in any filtered list.
      if (active > 0) moveTo(e, active - 1);
      else {
        e.preventDefault();
        filterBox.current?.focus();
      }
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      // A screenful at a time, as in any long list (500 tools are 532 rows).
      const page = Math.max(1, Math.floor((list.current?.clientHeight ?? 0) / ROW_PX) - 1);
      moveTo(e, e.key === 'PageDown' ? active + page : active - page);
    } else if (e.key === 'Home') moveTo(e, 0);
    else if (e.key === 'End') moveTo(e, last);
    else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (rows[active]) flip(rows[active]);
    } else if (e.key === 'Tab' && !e.shiftKey) {
      // On to the skills' switches below, where there are any; else out of the menu.
      if (skills.length === 0) close(false);
    } else if (
      (e.key.length === 1 || e.key === 'Backspace') &&
      !e.ctrlKey &&
      !e.metaKey &&
      !e.altKey
    ) {
      // Type-to-filter: what is typed on a row goes on in the filter box.
      e.preventDefault();
      setQuery((q) => (e.key === 'Backspace' ? q.slice(0, -1) : q + e.key));
      setActive(0);
      focusNext('filter');
    }
  };
  const onPopupKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close(true);
  };
  const toggle = (onRow: boolean) => {
    setActive(0);
    setQuery('');
    focusNext(onRow ? 'row' : 'filter');
    setOpen((o) => !o);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <span className="chat-tools">
      <button
        ref={button}
        type="button"
        className="ghost chat-tools-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'chat-tools-popup' : undefined}
        aria-label={`${sent} tools, for this conversation`}
        title="Servers and tools for this conversation"
        onClick={() => toggle(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            toggle(true);
          }
        }}
      >
        {sent} tools ▾
      </button>
      {open && (
        <div
          ref={popup}
          id="chat-tools-popup"
          className="chat-tools-menu"
          role="dialog"
          aria-label="Servers and tools for this conversation"
          onKeyDown={onPopupKeyDown}
        >
          <div className="chat-tools-filter">
            <input
              ref={filterBox}
              type="search"
              aria-label="Filter tools"
              placeholder="Filter by tool or server"
              value={query}
              aria-controls="chat-tools-menu"
              onChange={(e) => {
                want.current = null;
                setQuery(e.target.value);
                setActive(0);
                list.current?.scrollTo({ top: 0 });
              }}
              onKeyDown={onFilterKeyDown}
            />
            {!waiting && (
              <span className="muted small" data-testid="chat-tools-count" aria-live="polite">
                {query.trim() ? `${matched} of ${total} tools` : `${total} tools`}
              </span>
            )}
          </div>
          {servers.length === 0 && (
            <p className="muted small chat-tools-empty">
              No server is connected. Add or start one on the servers page.
            </p>
          )}
          {waiting && !all?.error && (
            <div className="chat-tools-empty">
              <Spinner label="Loading the tools…" />
            </div>
          )}
          {waiting && all?.error && (
            <div className="chat-tools-empty small" role="alert">
              Could not list the tools: {all.error.message}{' '}
              <button type="button" className="small-button" onClick={() => void loadTools()}>
                Retry
              </button>
            </div>
          )}
          {!waiting && servers.length > 0 && rows.length === 0 && (
            <p className="muted small chat-tools-empty">
              No tool or server matches “{query.trim()}”.
            </p>
          )}
          <div
            ref={list}
            id="chat-tools-menu"
            className="chat-tools-list"
            role="menu"
            aria-label="Tools for this conversation"
            hidden={rows.length === 0}
            onKeyDown={onListKeyDown}
          >
            <div className="chat-tools-rows" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rows[item.index];
                const i = item.index;
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={i}
                    data-row={i}
                    role="menuitemcheckbox"
                    aria-checked={row.on}
                    aria-disabled={row.inert || undefined}
                    aria-setsize={rows.length}
                    aria-posinset={i + 1}
                    tabIndex={i === active ? 0 : -1}
                    aria-label={rowLabel(row)}
                    aria-describedby={`chat-tools-note-${i}`}
                    className={`chat-tools-row ${row.tool ? 'tool' : 'server'}`}
                    style={
                      i === sticky.current ? STICKY : { transform: `translateY(${item.start}px)` }
                    }
                    onClick={() => {
                      setActive(i);
                      flip(row);
                    }}
                    onFocus={() => setActive(i)}
                  >
                    <span className="switch" aria-hidden="true" />
                    <span className="chat-tools-name">
                      {row.tool ? (row.tool.title ?? row.tool.name) : row.server}
                    </span>
                    <span className="muted small chat-tools-note" id={`chat-tools-note-${i}`}>
                      {row.tool ? (
                        <>
                          <span className="sr-only">{row.server} · </span>
                          {HELD.has(row.tool.pin)
                            ? 'not accepted yet · '
                            : !row.tool.enabled && !choice?.tools[row.tool.qualifiedName]
                              ? 'off on servers page · '
                              : ''}
                          ≈{formatTokens(row.tool.tokens)}
                        </>
                      ) : (
                        `${row.onCount} of ${row.count} on`
                      )}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
          <ChatSkillsSwitches names={skills} />
          <p className="muted small chat-tools-foot">
            For this conversation only; the switches on the servers page
            {skills.length > 0 ? ' and the Skills page' : ''} are the defaults.
          </p>
        </div>
      )}
    </span>
  );
}
