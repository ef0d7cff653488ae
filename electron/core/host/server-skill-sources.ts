// The connected servers as sources of skills (Skills over MCP), for the skills service: each is
// labelled by its configured name and keyed by its identity (scope + launch entry hash), never by
// the name the server reports. Only servers already connected are asked: listing the skills
// catalog never starts a server.
import type { McpClient } from '../mcp/client';
import type { McpManager } from '../mcp/manager/manager';
import { SkillsClient } from '../mcp/skills/client';
import type { ServerSkillSource } from '../skills/server-skills';
import { serverIdentity } from './wiring';

// One skills client per session, so a listing is kept for the server's ttlMs across requests.
const clients = new WeakMap<McpClient, SkillsClient>();

export function serverSkillSources(manager: McpManager): ServerSkillSource[] {
  const out: ServerSkillSource[] = [];
  for (const status of manager.statuses()) {
    const session = manager.session(status.name);
    const client = session?.connected ? session.mcp : undefined;
    if (!client) continue;
    let skills = clients.get(client);
    if (!skills) clients.set(client, (skills = new SkillsClient(client)));
    if (!skills.offered) continue;
    const { hash } = serverIdentity(manager, status.name);
    if (hash !== 'unknown') out.push({ server: status.name, identity: hash, client: skills });
  }
  return out;
}
