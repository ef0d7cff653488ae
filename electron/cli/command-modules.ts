// Where each `lena` command is declared, in the order help lists them. A command's module (and
// what it imports: the runtime, chat, OAuth…) loads only when that command runs, so `lena mcp list`
// does not pay for `lena chat`. A new command is a file that calls registerCommand, listed here.
type Loader = () => Promise<unknown>;

const MCP_LIST: Loader = () => import('./mcp/list');
const MCP_DOCTOR: Loader = () => import('./mcp/doctor');
const MCP_TOOLS: Loader = () => import('./mcp/tools');
const MCP_CALL: Loader = () => import('./mcp/call');
const MCP_RESOURCES: Loader = () => import('./mcp/resources');
const MCP_READ: Loader = () => import('./mcp/read');
const MCP_PROMPTS: Loader = () => import('./mcp/prompts');
const MCP_PROMPT: Loader = () => import('./mcp/prompt');
const MCP_EDIT: Loader = () => import('./mcp/edit');
const MCP_APPROVE: Loader = () => import('./mcp/approve');
const MCP_ACCEPT: Loader = () => import('./mcp/accept');
const MCP_AUTH: Loader = () => import('./auth-commands');
const MCP_REGISTRY: Loader = () => import('./mcp/registry');
const MCP_INSTALL: Loader = () => import('./mcp/install');
const SECRETS: Loader = () => import('./secrets-commands');
const CHAT: Loader = () => import('./chat-command');
const SKILLS: Loader = () => import('./skills-commands');
const AGENTS: Loader = () => import('./agents-commands');

/** Command words → the module that registers them, in registration (help) order. */
export const COMMAND_MODULES: readonly (readonly [string, Loader])[] = [
  ['mcp list', MCP_LIST],
  ['mcp doctor', MCP_DOCTOR],
  ['mcp tools', MCP_TOOLS],
  ['mcp call', MCP_CALL],
  ['mcp resources', MCP_RESOURCES],
  ['mcp read', MCP_READ],
  ['mcp prompts', MCP_PROMPTS],
  ['mcp prompt', MCP_PROMPT],
  ['mcp add', MCP_EDIT],
  ['mcp remove', MCP_EDIT],
  ['mcp import-claude-desktop', MCP_EDIT],
  ['mcp search', MCP_REGISTRY],
  ['mcp show', MCP_REGISTRY],
  ['mcp install', MCP_INSTALL],
  ['mcp uninstall', MCP_INSTALL],
  ['mcp approve', MCP_APPROVE],
  ['mcp reset-approvals', MCP_APPROVE],
  ['mcp accept', MCP_ACCEPT],
  ['mcp login', MCP_AUTH],
  ['mcp logout', MCP_AUTH],
  ['secrets set', SECRETS],
  ['secrets list', SECRETS],
  ['secrets remove', SECRETS],
  ['chat', CHAT],
  ['skills list', SKILLS],
  ['skills show', SKILLS],
  ['skills approve', SKILLS],
  ['agents add', AGENTS],
  ['agents list', AGENTS],
  ['agents show', AGENTS],
  ['agents remove', AGENTS],
  ['agents login', AGENTS],
  ['agents logout', AGENTS],
];

/** Loads the module of the command `argv` starts with; false when no command matches. */
export async function loadCommandFor(argv: readonly string[]): Promise<boolean> {
  for (let n = Math.min(argv.length, 3); n > 0; n--) {
    const words = argv.slice(0, n).join(' ');
    const found = COMMAND_MODULES.find(([w]) => w === words);
    if (found) {
      await found[1]();
      return true;
    }
  }
  return false;
}

/** Loads every command (help, and the messages that list commands), in help order. */
export async function loadAllCommands(): Promise<void> {
  for (const load of new Set(COMMAND_MODULES.map(([, l]) => l))) await load();
}
