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
  kind: z.enum(['image', 'text', 'resource']),
  name: z.string().max(500),
  mimeType: z.string().max(200),
  data: z.string(),
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
    autoUpdate: z.boolean(),
  })
  .partial()
  .strict();
