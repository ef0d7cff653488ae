// The MCP Registry's `server.json` and its list responses, as the registry's OpenAPI spec
// (docs/reference/api/openapi.yaml, 2025-12-11) names them. Parsed with zod, tolerant of fields
// Lena does not use: a registry may add fields, and a server must not vanish for it.
import { z } from 'zod';

const InputFields = {
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  format: z.string().optional(),
  value: z.string().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
};

const Input = z.looseObject(InputFields);
/** An input whose `value` may hold `{name}` placeholders, filled from `variables`. */
const InputWithVariables = z.looseObject({
  ...InputFields,
  variables: z.record(z.string(), Input).optional(),
});

const Argument = z.looseObject({
  ...InputWithVariables.shape,
  type: z.enum(['positional', 'named']),
  name: z.string().optional(),
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional(),
});

const KeyValueInput = z.looseObject({ ...InputWithVariables.shape, name: z.string().min(1) });

const Transport = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  headers: z.array(KeyValueInput).optional(),
  /** URL template variables (schema 2025-12-11). */
  variables: z.record(z.string(), Input).optional(),
});

const Package = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.string().optional(),
  identifier: z.string().min(1),
  version: z.string().optional(),
  fileSha256: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: Transport.optional(),
  runtimeArguments: z.array(Argument).optional(),
  packageArguments: z.array(Argument).optional(),
  environmentVariables: z.array(KeyValueInput).optional(),
});

export const ServerJsonSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  title: z.string().optional(),
  version: z.string().optional(),
  websiteUrl: z.string().optional(),
  repository: z
    .looseObject({ url: z.string().optional(), source: z.string().optional() })
    .optional(),
  packages: z.array(Package).optional(),
  remotes: z.array(Transport).optional(),
  /** Not in the schema: a free-text note some publishers add; shown, never run. */
  postInstallInstructions: z.string().optional(),
});

const OfficialMeta = z.looseObject({
  status: z.string().optional(),
  /** Why a server was deprecated or deleted, where the registry says. */
  statusMessage: z.string().optional(),
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
  isLatest: z.boolean().optional(),
});

export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';

export const ServerResponseSchema = z.looseObject({
  server: ServerJsonSchema,
  _meta: z.looseObject({ [OFFICIAL_META_KEY]: OfficialMeta.optional() }).optional(),
});

export const ServerListSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z
    .looseObject({
      nextCursor: z.string().nullish(),
      count: z.number().optional(),
    })
    .optional(),
});

export type ServerJson = z.infer<typeof ServerJsonSchema>;
export type RegistryPackage = z.infer<typeof Package>;
export type RegistryTransport = z.infer<typeof Transport>;
export type RegistryArgument = z.infer<typeof Argument>;
export type RegistryKeyValue = z.infer<typeof KeyValueInput>;
export type RegistryInput = z.infer<typeof Input>;
export type RegistryInputWithVariables = z.infer<typeof InputWithVariables>;

/** A server's lifecycle in the registry; anything else the registry says reads as active. */
export type RegistryStatus = 'active' | 'deprecated' | 'deleted';

/** One server version as Lena shows it: the server.json and what the registry says of it. */
export interface RegistryServer {
  server: ServerJson;
  status: RegistryStatus;
  statusMessage?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

/** A ServerResponse → RegistryServer; undefined when it is not one (the caller skips it). */
export function readServerResponse(raw: unknown): RegistryServer | undefined {
  const parsed = ServerResponseSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const meta = parsed.data._meta?.[OFFICIAL_META_KEY];
  const status: RegistryStatus =
    meta?.status === 'deprecated' || meta?.status === 'deleted' ? meta.status : 'active';
  return {
    server: parsed.data.server,
    status,
    ...(meta?.statusMessage ? { statusMessage: meta.statusMessage } : {}),
    ...(meta?.publishedAt ? { publishedAt: meta.publishedAt } : {}),
    ...(meta?.updatedAt ? { updatedAt: meta.updatedAt } : {}),
    ...(meta?.isLatest !== undefined ? { isLatest: meta.isLatest } : {}),
  };
}

/** A server.json file's text → ServerJson, or the first problem in words. */
export function parseServerJson(
  text: string,
): { ok: true; server: ServerJson } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `not JSON: ${(err as Error).message}` };
  }
  // A file saved from the API holds a ServerResponse: accept its `server` too.
  const candidate =
    raw && typeof raw === 'object' && 'server' in raw && !('name' in raw)
      ? (raw as { server: unknown }).server
      : raw;
  const parsed = ServerJsonSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, server: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `${issue.path.join('.') || 'the file'}: ${issue.message}` };
}
