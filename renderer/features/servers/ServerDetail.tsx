// The selected server: tabs Overview · Tools · Resources · Prompts · Logs · Configuration (or its approval request).
import { useState, type KeyboardEvent } from 'react';
import type { ServerStatus } from '../../../shared/server-types';
import { ApprovalView } from './ApprovalView';
import { ConfigTab } from './ConfigTab';
import { LogsTab } from './LogsTab';
import { OverviewTab } from './OverviewTab';
import { ServerStatusWord } from './SignInPanel';
import { ToolsTab } from './ToolsTab';
import { ResourcesTab } from '../resources/ResourcesTab';
import { PromptsTab } from '../prompts/PromptsTab';

const TABS = ['Overview', 'Tools', 'Resources', 'Prompts', 'Logs', 'Configuration'] as const;
type Tab = (typeof TABS)[number];

export function ServerDetail({ server }: { server: ServerStatus }) {
  const [tab, setTab] = useState<Tab>('Overview');
  // Arrow keys, Home and End move the selection and focus together (the tablist is one Tab stop).
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    setTab(TABS[to]);
    document.getElementById(`tab-${TABS[to]}`)?.focus();
  };
  return (
    <div className="server-detail" aria-label={`Server ${server.name}`}>
      {/* The header (name, status, tabs) stays in view while the tab scrolls under it. */}
      <div className="server-head" data-testid="server-head">
        <div className="row">
          <h2 className="mono">{server.name}</h2>
          <ServerStatusWord server={server} />
        </div>
        <div role="tablist" aria-label="Server detail" className="tabs" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button
              key={t}
              role="tab"
              id={`tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              className={tab === t ? 'selected' : ''}
              onClick={() => setTab(t)}
            >
              {t}
            </button>
          ))}
        </div>
      </div>
      {server.status === 'needs-approval' && (
        <ApprovalView key={server.approval?.entryHash ?? ''} server={server} />
      )}
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'Overview' && (
          <OverviewTab
            server={server}
            onShowLogs={() => setTab('Logs')}
            onEdit={() => setTab('Configuration')}
          />
        )}
        {tab === 'Tools' && <ToolsTab server={server} />}
        {tab === 'Resources' && <ResourcesTab server={server} />}
        {tab === 'Prompts' && <PromptsTab server={server} />}
        {tab === 'Logs' && <LogsTab server={server} />}
        {tab === 'Configuration' && <ConfigTab server={server} />}
      </div>
    </div>
  );
}
