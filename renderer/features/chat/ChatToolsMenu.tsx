// Servers and tools for this conversation (issue 16): a menu in the composer listing the connected
// servers with their tools, each with a switch kept with the conversation; the switches on the
// servers page stay the defaults. The button says how many tools this conversation sends.
// Keyboard: ↑/↓ (Home/End, or typing a name) move, Space or Enter flips, Escape closes and returns
// to the button.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationTools } from '../../../shared/chat-types';
import { serverOn, toolOn } from '../../../shared/conversation-tools';
import type { ToolInfo } from '../../../shared/server-types';
import { useEscape } from '../../components/use-escape';
import { formatTokens } from '../../lib/format';
import { useLena } from '../../store';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { valuesOf } from '../../store/loadable';
import { serversSelectors } from '../../store/servers/selectors';

const NONE: ToolInfo[] = [];
const HELD = new Set<ToolInfo['pin']>(['new', 'changed', 'rejected']);

interface Row {
  key: string;
  server: string;
  tool?: ToolInfo;
  on: boolean;
  /** A tool of a server switched off: shown, not switchable until its server is on. */
  inert: boolean;
}

function rowsOf(servers: string[], tools: Record<string, ToolInfo[]>, choice: ConversationTools | undefined): Row[] {
  const rows: Row[] = [];
  for (const server of servers) {
    const on = serverOn(server, choice);
    rows.push({ key: server, server, on, inert: false });
    for (const tool of tools[server] ?? NONE) rows.push({ key: tool.qualifiedName, server, tool, on: on && toolOn(tool, choice), inert: !on });
  }
  return rows;
}

/** The connected servers' names, joined, so the menu re-renders only when that list changes. */
const connectedKey = (s: ReturnType<typeof useLena.getState>) => serversSelectors.servers(s).filter((x) => x.status === 'connected').map((x) => `${x.name}:${x.toolCount}`).join('\n');

export function ChatToolsMenu() {
  const connected = useLena(connectedKey);
  const servers = useMemo(() => (connected ? connected.split('\n').map((l) => l.slice(0, l.lastIndexOf(':'))) : []), [connected]);
  const toolLists = useLena(serversSelectors.toolLists);
  const tools = useMemo(() => valuesOf(toolLists), [toolLists]);
  const choice = useLena((s) => conversationsSelectors.active(s)?.tools);
  const loadTools = useLena((s) => s.loadTools);
  const setChatTool = useLena((s) => s.setChatTool);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const typed = useRef({ text: '', at: 0 }).current;
  const menu = useRef<HTMLDivElement>(null);
  // The tool lists (schemas and all) are fetched only while the menu is open: a server may list
  // thousands. Again when the servers or their tool counts change meanwhile.
  useEffect(() => {
    if (open && connected) void loadTools();
  }, [open, connected, loadTools]);
  const rows = rowsOf(servers, tools, choice);
  // The button's count is core's, for this conversation (chat:budget), so it needs no tool lists.
  const counted = useLena((s) => s.tokenBudget.value?.perServer.reduce((n, x) => n + (servers.includes(x.server) ? x.toolCount : 0), 0));
  const sent = counted ?? rows.filter((r) => r.tool && r.on).length;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEscape('overlay', () => close(true), open);
  // Placed above its button, right edges aligned (styles/chat-controls.css), so it follows the
  // button wherever the composer's controls wrap or shrink, never past the window's edge.
  // Focus follows the active row (roving tabindex); the menu opens on its first row.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>(`[data-row="${active}"]`)?.focus();
  }, [open, active]);
  // A click outside closes it, as any menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const flip = (row: Row) => {
    if (row.inert) return;
    void setChatTool({ server: row.server, ...(row.tool ? { tool: row.tool.qualifiedName } : {}), on: !row.on });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const last = rows.length - 1;
    const move = (to: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, to)));
    };
    if (e.key === 'ArrowDown') move(active >= last ? 0 : active + 1);
    else if (e.key === 'ArrowUp') move(active <= 0 ? last : active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (rows[active]) flip(rows[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Type-ahead, as in any menu: the next row whose name starts with what was typed.
      const now = Date.now();
      typed.text = (now - typed.at < 800 ? typed.text : '') + e.key.toLowerCase();
      typed.at = now;
      const names = rows.map((r) => (r.tool ? r.tool.title ?? r.tool.name : r.server).toLowerCase());
      const from = typed.text.length > 1 ? active : active + 1;
      const hit = [...names.keys()].map((k) => (from + k) % names.length).find((k) => names[k].startsWith(typed.text));
      if (hit !== undefined) move(hit);
    }
  };
  const toggle = () => {
    setActive(0);
    setOpen((o) => !o);
  };

  return (
    <span className="chat-tools">
      <button ref={button} type="button" className="ghost chat-tools-button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? 'chat-tools-menu' : undefined}
        aria-label={`${sent} tools, for this conversation`} title="Servers and tools for this conversation"
        onClick={toggle} onKeyDown={(e) => { if (e.key === 'ArrowDown' && !open) { e.preventDefault(); toggle(); } }}>
        {sent} tools ▾
      </button>
      {open && (
        <div ref={menu} id="chat-tools-menu" className="chat-tools-menu" role="menu" aria-label="Tools for this conversation" onKeyDown={onKeyDown}>
          {rows.length === 0 && <p className="muted small chat-tools-empty">No server is connected. Add or start one on the servers page.</p>}
          {servers.map((server) => (
            <div key={server} role="group" aria-label={server} className="chat-tools-server">
              {rows.map((row, i) => row.server !== server ? null : (
                <div key={row.key} role="menuitemcheckbox" aria-checked={row.on} aria-disabled={row.inert || undefined} tabIndex={i === active ? 0 : -1} data-row={i}
                  aria-label={row.tool ? row.tool.title ?? row.tool.name : `All tools of ${row.server}`} aria-describedby={`chat-tools-note-${i}`}
                  className={`chat-tools-row ${row.tool ? 'tool' : 'server'}`} onClick={() => { setActive(i); flip(row); }} onFocus={() => setActive(i)}>
                  <span className="switch" aria-hidden="true" />
                  <span className="chat-tools-name">{row.tool ? row.tool.title ?? row.tool.name : row.server}</span>
                  {row.tool ? (
                    <span className="muted small chat-tools-note" id={`chat-tools-note-${i}`}>{HELD.has(row.tool.pin) ? 'not accepted yet · ' : !row.tool.enabled && !choice?.tools[row.tool.qualifiedName] ? 'off on servers page · ' : ''}≈{formatTokens(row.tool.tokens)}</span>
                  ) : (
                    <span className="muted small chat-tools-note" id={`chat-tools-note-${i}`}>{rows.filter((r) => r.server === server && r.tool && r.on).length} of {(tools[server] ?? NONE).length} on</span>
                  )}
                </div>
              ))}
            </div>
          ))}
          <p className="muted small chat-tools-foot">For this conversation only; the switches on the servers page are the defaults.</p>
        </div>
      )}
    </span>
  );
}
