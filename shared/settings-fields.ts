// The settings the window may change, with their limits, written once: core's reading of
// settings.json (electron/core/store/settings-schema.ts), the settings:update argument
// (contract-schemas.ts) and the window's form (renderer/lib/settings-form.ts) all use these.
import { z } from 'zod';
import { baseUrlSchema } from './base-url';
import { isAccelerator } from './accelerator';

export const settingsFields = {
  model: z.string().trim().min(1).max(200),
  /** Clamped per request to the model's output limit (Models API), with a notice. */
  maxTokens: z.number().int().min(1).max(200_000),
  systemPrompt: z.string().max(100_000),
  maxRounds: z.number().int().min(1).max(200),
  /** null: ANTHROPIC_BASE_URL or Anthropic's own endpoint. */
  baseUrl: baseUrlSchema,
  requestTimeoutMs: z.number().int().min(1000).max(3_600_000),
  /** The MCP Registry servers are found in (a company's sub-registry); null: the official one. */
  registryUrl: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, 'the registry URL must start with https:// or http://')
    .nullable(),
  autoApproveReadOnlyTrusted: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** The quick entry's global shortcut (Electron's accelerator words); null: off, the default. */
  quickEntryShortcut: z
    .string()
    .trim()
    .max(100)
    .refine(isAccelerator, 'a shortcut is one or more modifiers and a key, like Ctrl+Shift+Space')
    .nullable(),
  /** Adaptive thinking where the model offers it ('off': not requested; always-on models think anyway). */
  thinking: z.enum(['off', 'adaptive']),
  /** Effort level where the model lists it; null: the model's default. */
  effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).nullable(),
  /** Anthropic's server tools: they run at Anthropic, outside Lena's permission gate; off by default. */
  serverTools: z.object({
    webSearch: z.boolean(),
    webFetch: z.boolean(),
    /** Domains web fetch may reach besides URLs that appear in the conversation. */
    webFetchDomains: z.array(z.string().trim().min(1).max(253)).max(100),
  }),
  /** Tools at scale (issue 24): above the budget, definitions are deferred behind a tool search. */
  toolSearch: z.object({
    /** Tokens of tool definitions per request before deferral; null: a tenth of the model's context window. */
    budgetTokens: z.number().int().min(0).max(10_000_000).nullable(),
    /** Qualified tool names never deferred ("always loaded"). */
    alwaysLoaded: z.array(z.string().min(1)).max(10_000),
  }),
  /** The meter's prices (USD per million tokens) by model id, over the table in shared/prices.ts. */
  prices: z
    .record(
      z.string().trim().min(1).max(200),
      z.object({
        input: z.number().nonnegative().max(10_000),
        output: z.number().nonnegative().max(10_000),
        cacheWrite: z.number().nonnegative().max(10_000),
        cacheRead: z.number().nonnegative().max(10_000),
      }),
    )
    .refine((r) => Object.keys(r).length <= 200, 'at most 200 models'),
  /**
   * What one server may ask of the user and of the user's key, holding under sampling "always": the
   * excess is refused with an error the server reads and a line in its log.
   */
  askLimits: z.object({
    /** Sampling requests of one server running at once. */
    concurrentSampling: z.number().int().min(1).max(10),
    /** Sampling requests one tool call (or other request) may make, over all its rounds. */
    samplingPerCall: z.number().int().min(0).max(100),
    /** The most `maxTokens` a server's sampling request is sent with; larger asks are lowered. */
    samplingMaxTokens: z.number().int().min(1).max(200_000),
    /** Sampling tokens (input and output) one server may use of the user's key per day. */
    samplingTokensPerDay: z.number().int().min(0).max(100_000_000),
    /** Questions of one server (sampling reviews, elicitation forms and links) waiting at once. */
    pendingQuestions: z.number().int().min(1).max(20),
  }),
  /** What one delegation to an A2A agent may take: bounded, visible, never hanging. */
  agentLimits: z.object({
    /** Minutes a task may run, questions included, before Lena cancels it. */
    wallTimeMinutes: z
      .number()
      .min(1)
      .max(24 * 60),
    /** Updates of the tool card per second at most (status floods are coalesced). */
    updatesPerSecond: z.number().min(1).max(20),
    /** Bytes of artifact text given to Claude inline; the rest is kept with the call. */
    inlineBytes: z.number().int().min(1000).max(10_000_000),
    /** Questions one task may ask before Lena cancels it. */
    inputRounds: z.number().int().min(0).max(50),
    /**
     * Bytes of one artifact Lena keeps as a file past the inline limit (attachments/delegations);
     * a larger artifact is not kept, and its card says so.
     */
    keepBytes: z.number().int().min(1_000_000).max(1_000_000_000),
  }),
};

export type AgentLimits = z.infer<typeof settingsFields.agentLimits>;

/** The defaults of `agentLimits`. */
export const DEFAULT_AGENT_LIMITS = Object.freeze({
  wallTimeMinutes: 30,
  updatesPerSecond: 4,
  inlineBytes: 1_000_000,
  inputRounds: 5,
  keepBytes: 100 * 1024 * 1024,
});

/** The defaults of `askLimits`. */
export const DEFAULT_ASK_LIMITS = Object.freeze({
  concurrentSampling: 1,
  samplingPerCall: 3,
  samplingMaxTokens: 4096,
  samplingTokensPerDay: 100_000,
  pendingQuestions: 2,
});
