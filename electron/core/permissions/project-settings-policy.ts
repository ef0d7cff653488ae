// One table for every field a project's `.lena/settings.json` may set, and how Lena treats it. The
// file is written by whoever wrote the repository, so it may only tighten: its deny and ask rules
// apply; anything that would loosen permissions, approve the project's own servers or change
// Lena's own settings (trust, allow rules, the API endpoint, sampling answers, limits) is refused
// with a warning naming the key. scopes.ts reads this table. A field of Lena's own settings.json
// (store/settings-schema.ts) without a row fails test/unit/core/permissions/project-settings-policy.test.ts;
// sandbox settings add their rows here when a project may set them.

export interface ProjectSettingRule {
  /** `permissions.deny`, `trusted`, `askLimits`: a refused block is refused whole. */
  path: string;
  /** applied: read and enforced; refused: ignored with a warning saying what it would have done. */
  treatment: 'applied' | 'refused';
  /** For a refused field: what a project would do with it ("mark servers trusted"). */
  would?: string;
}

const applied = (path: string): ProjectSettingRule => ({ path, treatment: 'applied' });
const refused = (path: string, would: string): ProjectSettingRule => ({
  path,
  treatment: 'refused',
  would,
});

export const PROJECT_SETTINGS_FIELDS: readonly ProjectSettingRule[] = [
  applied('permissions.deny'),
  applied('permissions.ask'),
  // Each allow rule is refused by rules.ts (validateRule, scope "project"), naming the rule.
  refused('permissions.allow', 'add allow rules'),
  refused('trusted', 'mark servers trusted'),
  refused('trustedServers', 'mark servers trusted'),
  refused('autoApproveReadOnlyTrusted', 'change when tools run without asking'),
  refused('approvals', 'approve its own servers'),
  refused('approvedServers', 'approve its own servers'),
  refused('enableAllProjectMcpServers', 'approve its own servers'),
  refused('enabledMcpjsonServers', 'approve its own servers'),
  refused('servers', "change a server's settings (sampling answers, folders, tool switches)"),
  refused('askLimits', 'raise the limits on what a server may ask'),
  refused(
    'agentLimits',
    'raise the limits on a delegation to an A2A agent (time, questions, sizes kept)',
  ),
  refused('baseUrl', 'send your API key to another address'),
  refused('serverTools', "turn on Anthropic's server tools"),
  refused('model', 'choose the model'),
  refused('maxTokens', 'change the answer length'),
  refused('systemPrompt', 'change the system prompt'),
  refused('maxRounds', 'change how many tool rounds a turn may take'),
  refused('requestTimeoutMs', 'change the request timeout'),
  refused('serverStartTimeout', 'change how long `lena chat` waits for servers'),
  refused('theme', 'change the theme'),
  refused('quickEntryShortcut', 'set a global shortcut'),
  refused('thinking', 'change thinking'),
  refused('effort', 'change the effort level'),
  refused('toolSearch', 'change which tools are loaded'),
  refused('prices', 'change the prices the meter shows'),
  refused('registryUrl', 'point server installs at another registry'),
  // A project's own skills (.claude/skills, .agents/skills) wait for approval one by one, bound to
  // the hash of their files (core/skills/approvals.ts); its settings may not add or enable skills.
  refused('skills', 'add skill folders or switch skills on'),
  refused('skillFolders', 'add skill folders'),
  // A project's instructions, pinned files, model and tools are the user's, kept in Lena's home
  // (projects.json, core/store/project-prefs.ts); the repository cannot write them.
  refused('instructions', 'add instructions to the system prompt'),
  refused('pinned', 'pin files to its conversations'),
  refused('pinnedFiles', 'pin files to its conversations'),
  refused('projects', 'change what Lena keeps for projects'),
];

/** The refused top-level keys, each with what a project would have done with it. */
export const REFUSED_PROJECT_KEYS: ReadonlyMap<string, string> = new Map(
  PROJECT_SETTINGS_FIELDS.filter((r) => r.treatment === 'refused' && !r.path.includes('.')).map(
    (r) => [r.path, r.would ?? 'set it'],
  ),
);

/** The rule lists a project's file is read for (`allow` only to name each refused rule). */
export const PROJECT_RULE_LISTS = ['allow', 'ask', 'deny'] as const;
