// Answers to requests a server sends the client: ping, and roots, sampling and elicitation where
// the front end offers them (client-features/). Anything not declared is "method not found": a
// server must not be told we can do what we cannot.
import {
  featureCapabilities,
  type CallBudget,
  type ClientFeatureHandlers,
} from './client-features';
import { ErrorCodes } from './jsonrpc-types';
import { RequestHandlerError } from './jsonrpc';
import type { ReceivedTasks } from './tasks/receiver';
import { LEGACY_TASKS_CAPABILITY, TASKS_EXTENSION } from './tasks/task';
import { APP_HTML_MIME, APPS_EXTENSION } from '../../../shared/app-view-types';
import { SKILLS_EXTENSION } from './skills/entry';

const FEATURES: Record<string, string> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};

/**
 * The capabilities every session declares, before the front end's features are added: tasks (2025-11-25, experimental: Lena follows and
 * cancels tasks it asked for). 2026-07-28 has no such capability; servers there ignore it and
 * read the extension below instead.
 */
export const CLIENT_CAPABILITIES: Record<string, unknown> = Object.freeze({
  tasks: LEGACY_TASKS_CAPABILITY,
});

/**
 * Extensions Lena implements, declared as `capabilities.extensions` (2025 initialize) and in
 * `clientCapabilities.extensions` (2026 envelope); a server must not be told of one Lena lacks.
 * An entry is `"vendor/name": {settings}`. Tasks (io.modelcontextprotocol/tasks): electron/core/mcp/tasks.
 * MCP Apps (io.modelcontextprotocol/ui): the view format Lena renders; electron/core/mcp/apps.
 * Skills (io.modelcontextprotocol/skills): Lena lists, loads and verifies them; electron/core/mcp/skills.
 */
export const CLIENT_EXTENSIONS: Record<string, Record<string, unknown>> = Object.freeze({
  [TASKS_EXTENSION]: {},
  [APPS_EXTENSION]: Object.freeze({ mimeTypes: Object.freeze([APP_HTML_MIME]) }),
  [SKILLS_EXTENSION]: {},
});

/** What Lena declares to a server: the host's features plus the extensions above (when any). */
export function clientCapabilities(
  features: ClientFeatureHandlers | undefined,
): Record<string, unknown> {
  const caps: Record<string, unknown> = {
    ...CLIENT_CAPABILITIES,
    ...featureCapabilities(features),
  };
  // 2025: Lena runs a server's sampling / elicitation request as a task when asked (tasks/receiver.ts).
  const requests: Record<string, unknown> = {};
  if (features?.sampling) requests.sampling = { createMessage: {} };
  if (features?.elicitation) requests.elicitation = { create: {} };
  if (Object.keys(requests).length > 0)
    caps.tasks = { ...LEGACY_TASKS_CAPABILITY, list: {}, requests };
  if (Object.keys(CLIENT_EXTENSIONS).length > 0) caps.extensions = CLIENT_EXTENSIONS;
  return Object.freeze(caps);
}

/**
 * Handles one server-to-client request with the host's handlers; a feature Lena did not declare
 * is "method not found". Throws (or rejects with) RequestHandlerError for an error answer.
 */
export function answerServerRequest(
  method: string,
  params: Record<string, unknown> | undefined,
  features: ClientFeatureHandlers | undefined,
  signal: AbortSignal,
  received?: ReceivedTasks,
  call?: CallBudget,
  conversationId?: string,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (method === 'ping') return {};
  const about = conversationId === undefined ? {} : { conversationId };
  const ctx = { signal, purpose: '', call, ...about };
  // Only where Lena declared it (tasks.requests.*, with sampling or elicitation): elsewhere the
  // tasks methods stay "method not found".
  if (received && (features?.sampling || features?.elicitation)) {
    const answer = received.answer(method, params);
    if (answer) return answer;
    // A task-augmented request (params.task): answered with the task at once, run in the background.
    const asTask = params?.task !== undefined && typeof params.task === 'object';
    if (asTask && method === 'sampling/createMessage' && features?.sampling) {
      const { task, ...rest } = params;
      return received.create(task, (s) =>
        features.sampling!(rest, { signal: s, purpose: '', call, ...about }),
      );
    }
    if (asTask && method === 'elicitation/create' && features?.elicitation) {
      const { task, ...rest } = params;
      return received.create(task, (s) =>
        features.elicitation!(rest, { signal: s, purpose: '', call, ...about }),
      );
    }
  }
  if (method === 'roots/list' && features?.roots) return features.roots(ctx);
  if (method === 'sampling/createMessage' && features?.sampling)
    return features.sampling(params ?? {}, ctx);
  if (method === 'elicitation/create' && features?.elicitation)
    return features.elicitation(params ?? {}, ctx);
  const feature = FEATURES[method];
  throw new RequestHandlerError(
    ErrorCodes.MethodNotFound,
    feature
      ? `Method not found: Lena does not offer ${feature} (${method}) here and did not declare it`
      : `Method not found: ${method}`,
  );
}
