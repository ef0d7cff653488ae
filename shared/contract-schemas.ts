// zod schemas for the arguments of the contract's channels (validated by core's dispatch).
import { z } from 'zod';
import { baseUrlSchema } from './base-url';

export const noArgs = z.undefined().or(z.null()).optional();

/** Server names become part of tool names: letters, digits, `_` and `-`. */
export const serverName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'use only letters, digits, "_" and "-" (the name becomes part of tool names)');

/** A `.mcp.json` entry; core validates it fully with the config schema. */
export const serverEntry = z.record(z.string(), z.unknown());

export const id = z.string().min(1).max(200);

export const permissionDecision = z.enum([
  'allow-once',
  'allow-conversation',
  'deny',
  'always-allow-tool',
  'always-allow-server',
  'always-deny-tool',
]);

export const attachment = z.object({
  kind: z.enum(['image', 'text']),
  name: z.string().max(500),
  mimeType: z.string().max(200),
  data: z.string(),
});

export const settingsPatch = z
  .object({
    model: z.string().min(1).max(200),
    maxTokens: z.number().int().min(1).max(200_000),
    systemPrompt: z.string().max(100_000),
    maxRounds: z.number().int().min(1).max(200),
    baseUrl: baseUrlSchema,
    requestTimeoutMs: z.number().int().min(1000).max(3_600_000),
    autoApproveReadOnlyTrusted: z.boolean(),
    theme: z.enum(['system', 'light', 'dark']),
    serverTools: z.object({ webSearch: z.boolean(), webFetch: z.boolean(), webFetchDomains: z.array(z.string().trim().min(1).max(253)).max(100) }).strict(),
    toolSearch: z.object({ budgetTokens: z.number().int().min(0).max(10_000_000).nullable(), alwaysLoaded: z.array(z.string().min(1)).max(10_000) }).strict(),
    autoUpdate: z.boolean(),
  })
  .partial()
  .strict();
