// The servers page's Resources tab: browse, search, read; templates with argument forms.
import type { ServerStatus } from '../../../shared/server-types';
import { ResourceBrowser } from './ResourceBrowser';

export function ResourcesTab({ server }: { server: ServerStatus }) {
  if (server.status !== 'connected')
    return <p className="muted">Resources are listed once {server.name} is connected.</p>;
  return <ResourceBrowser server={server.name} />;
}
