// zod schemas for the arguments of the contract's channels (validated by core's dispatch).
import { z } from 'zod';
import { settingsFields } from './settings-fields';

export const noArgs = z.undefined().or(z.null()).optional();

/** Server names become part of tool names: letters, digits, `_` and `-`. */
export const serverName = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9_-]+$/,
    'use only letters, digits, "_" and "-" (the name becomes part of tool names)',
  );

/** A `.mcp.json` entry; core validates it fully with the config schema. */
export const serverEntry = z.record(z.string(), z.unknown());

export const id = z.string().min(1).max(200);

export const permissionDecisionKind = z.enum([
  'allow-once',
  'allow-conversation',
  'deny',
  'always-allow-tool',
  'always-allow-when',
  'always-allow-server',
  'always-deny-tool',
]);

export const attachment = z.object({
  kind: z.enum(['image', 'text', 'pdf', 'resource']),
  name: z.string().max(500),
  mimeType: z.string().max(200),
  data: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  pages: z.number().int().positive().optional(),
  /** kind 'resource': the server it was read from and its URI; `data` is base64 when `blob`. */
  server: z.string().max(64).optional(),
  uri: z.string().max(10_000).optional(),
  blob: z.boolean().optional(),
});

/** completion/complete's reference: a prompt or a resource template. */
export const completionRef = z.union([
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(500) }).strict(),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(10_000) }).strict(),
]);
export const promptArguments = z.record(z.string().max(200), z.string().max(100_000));

/** settings:update: any of the window's settings (limits from settings-fields.ts), nothing else. */
export const settingsPatch = z
  .object({
    ...settingsFields,
    serverTools: settingsFields.serverTools.strict(),
    toolSearch: settingsFields.toolSearch.strict(),
    askLimits: settingsFields.askLimits.strict(),
    agentLimits: settingsFields.agentLimits.strict(),
    autoUpdate: z.boolean(),
  })
  .partial()
  .strict();

const samplingDraft = z
  .object({
    systemPrompt: z.string().max(1_000_000),
    maxTokens: z.number().int().min(1).max(1_000_000),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['user', 'assistant']),
            text: z.string().max(5_000_000),
            attachments: z.array(z.string().max(500)).max(100),
          })
          .strict(),
      )
      .max(1000),
  })
  .strict();

const formValue = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(1000),
]);

/** An answer to a sampling or elicitation question (shared/client-questions ClientAnswer). */
export const clientAnswer = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('approve'),
      draft: samplingDraft.optional(),
      always: z.boolean().optional(),
    })
    .strict(),
  z.object({ action: z.literal('deny') }).strict(),
  z
    .object({
      action: z.literal('accept'),
      values: z.record(z.string(), formValue.optional()).optional(),
    })
    .strict(),
  z.object({ action: z.literal('decline') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
]);

export const logLevel = z.enum([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/** MCP Apps: the view a request comes from (its tool call's card); core finds the server from it. */
export const appViewRef = { conversationId: id, toolUseId: id };
/** Content a view hands over (ui/message, ui/update-model-context, ui/download-file): MCP content blocks, checked in core. */
export const appContent = z.array(z.record(z.string(), z.unknown())).max(100);

/** A registry server's name (reverse-DNS namespace / name). */
export const registryName = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);

/** A registry server, one of its install options, and the values typed into its fields. */
export const installRequest = z
  .object({
    name: registryName,
    version: z.string().max(255).optional(),
    optionId: z.string().regex(/^(package|remote):\d+$/),
    values: z.record(
      z.string().max(300),
      z.union([z.string().max(100_000), z.array(z.string().max(100_000)).max(100)]),
    ),
  })
  .strict();
/** An MCP bundle for core to open: a dropped or chosen file's bytes (base64), or a registry package. */
export const bundleSource = z.union([
  z.object({ fileName: z.string().min(1).max(255), data: z.string().max(700_000_000) }).strict(),
  z
    .object({
      registry: registryName,
      version: z.string().max(255).optional(),
      optionId: z.string().regex(/^package:\d+$/),
    })
    .strict(),
]);

/** Installs an opened bundle with the user's settings (a list for a setting that takes several). */
export const bundleInstall = z
  .object({
    token: z.string().regex(/^[0-9a-f]{32}$/),
    values: z.record(
      z.string().max(300),
      z.union([
        z.string().max(100_000),
        z.array(z.string().max(100_000)).max(100),
        z.boolean(),
        z.number(),
      ]),
    ),
    serverName,
    /** The fingerprint the user accepted for a signer the system does not trust. */
    trustSigner: z.string().max(200).optional(),
  })
  .strict();

/** What a bundle's setting asks the system's picker for. */
export const pickPaths = z
  .object({ kind: z.enum(['directory', 'file']), multiple: z.boolean() })
  .strict();

/** A skill name (the front matter's rules are checked by core; this bounds the input). */
// A folder skill's name (at most 64 characters), or a server's skill as `server:path`.
export const skillName = z.string().min(1).max(512);

const folderPath = z.string().min(1).max(4096);

/** A project folder (its preferences are kept in Lena's home under it). */
export const projectFolder = z.object({ folder: folderPath }).strict();

/** A change to a project's preferences: the fields given replace the stored ones (null clears). */
export const projectPrefsChange = z
  .object({
    folder: folderPath,
    instructions: z.string().max(100_000).optional(),
    pinned: z.array(folderPath).max(20).optional(),
    model: z.string().min(1).max(200).nullable().optional(),
    tools: z
      .object({
        offServers: z.array(z.string().max(64)).max(1000),
        tools: z.record(z.string().max(500), z.boolean()),
        offSkills: z.array(z.string().max(512)).max(1000).optional(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

/** Moves a conversation to a project folder (null: to no project). */
export const conversationMove = z.object({ id, project: folderPath.nullable() }).strict();
export const agentName = z.string().min(1).max(48);
/** agents:add: a name, the base URL and the headers as written (`${VAR}` and `${secret:NAME}` kept). */
/** agents:save-artifact, agents:show-artifact: a delegation's task and the artifact's name, never a path. */
export const agentArtifact = z
  .object({ taskId: z.string().min(1).max(500).nullable(), name: z.string().min(1).max(1000) })
  .strict();
export const agentAdd = z
  .object({
    name: agentName,
    url: z.string().min(1).max(2000),
    headers: z.record(z.string().min(1).max(200), z.string().max(8000)).optional(),
    /** The OAuth client id registered for Lena, where the agent's sign-in needs one. */
    clientId: z.string().min(1).max(500).optional(),
  })
  .strict();
