// The window's answers to what servers ask (core/mcp/client-features ports), over the one
// broker: roots from the open project and the server's settings; sampling reviewed by the user,
// sent with the user's key through chat's request builder, its answer reviewed again; elicitation
// forms and addresses to open. `lena chat --interactive` uses the same ports over terminal prompts.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import type { SamplingUsage } from './sampling-usage';
import type { Usage } from '../../../shared/chat/messages';
import type { ClientAnswer, SamplingDraft } from '../../../shared/client-questions';
import { anthropicClient, type ChatSettings } from '../chat/chat-settings';
import type { ModelCatalog } from '../chat/models';
import { replyText, buildSamplingRequest } from '../chat/sampling-request';
import type {
  FeaturePorts,
  Root,
  SamplingBlock,
  SamplingOutcome,
  SamplingRequest,
} from '../mcp/client-features/ports';
import { mcpStopReason } from '../mcp/client-features/sampling';
import type { Refusal, SamplingAdmission, SamplingGateRequest } from '../permissions/tool-gate';
import type { ServerIdentity } from '../permissions/types';
import type { SettingsStore } from '../store/settings';
import type { AskBroker } from '../permissions/broker';

/** Who asks the user: the window's broker, or the terminal of `lena chat --interactive`. */
export type Asker = Pick<AskBroker, 'ask' | 'complete'>;

export interface FeaturePortDeps {
  broker: Asker;
  settings: SettingsStore;
  project: () => string | null;
  chatSettings: () => ChatSettings;
  apiKey: () => string | undefined | null | Promise<string | undefined | null>;
  models: ModelCatalog;
  /** Opens an address in the system browser (main: shell.openExternal); absent: URL mode is not offered. */
  openExternal?: (url: string) => Promise<void>;
  /** Where each answered sampling request's tokens are added (it uses the user's key). */
  usage?: SamplingUsage;
  /** The key of a server's own settings and tally (server-settings.ts); its name when absent. */
  settingsKey?: (server: string) => string;
  /**
   * A sampling request answered for a conversation (the one the wire names, else the only one with
   * a call in flight on the server): its spend joins that conversation's meter. Unattributed
   * requests count on the server's tally only.
   */
  spent?: (conversationId: string, model: string, usage: Usage) => void;
  /** Sees every answer before it goes back to a server (the untrusted-data boundaries' check). */
  outgoing?: (value: unknown) => void;
  /** The one gate (permissions/tool-gate.ts) a sampling request passes before it is shown or sent. */
  gate: {
    admit(request: SamplingGateRequest): Promise<SamplingAdmission | Refusal>;
    identity(server: string): ServerIdentity;
    /** A refusal, for the server's log. */
    note(server: string, line: string): void;
    /** The only conversation with calls in flight on this server (ToolGate.soleConversation). */
    soleConversation?(server: string): string | undefined;
  };
}

/**
 * The roots one server may see: the open project folder (unless the user withdrew it from this
 * server), then the folders in its settings (both kept under `key`, the server's identity).
 */
export function rootsFor(key: string, project: string | null, settings: SettingsStore): Root[] {
  const own = settings.current.servers[key];
  const shared = project && own?.shareProject !== false ? [project] : [];
  const folders = [...shared, ...(own?.roots ?? [])].filter((f) => isAbsolute(f));
  const seen = new Set<string>();
  return folders.flatMap((folder) => {
    const uri = pathToFileURL(folder).href;
    if (seen.has(uri)) return [];
    seen.add(uri);
    return [
      {
        uri,
        name:
          folder === project ? 'Project' : (folder.split(/[\\/]/).filter(Boolean).pop() ?? folder),
      },
    ];
  });
}

function describeBlock(b: SamplingBlock): string {
  return b.type === 'image'
    ? `${b.mimeType}, ${Math.round((b.data.length * 3) / 4 / 1024)} KB`
    : '';
}

/** The editable view of a request: its text per message, other content kept as it is. */
export function draftOf(request: SamplingRequest): SamplingDraft {
  return {
    systemPrompt: request.systemPrompt ?? '',
    maxTokens: request.maxTokens,
    messages: request.messages.map((m) => ({
      role: m.role,
      text: m.content
        .filter((b) => b.type === 'text')
        .map((b) => (b as { text: string }).text)
        .join('\n\n'),
      attachments: m.content.filter((b) => b.type !== 'text').map(describeBlock),
    })),
  };
}

/** The request with the user's edits: each message's text replaced, images kept, length and prompt taken. */
export function applyDraft(request: SamplingRequest, draft: SamplingDraft): SamplingRequest {
  const messages = request.messages.map((m, i) => {
    const text = draft.messages[i]?.text ?? '';
    return {
      role: m.role,
      content: [
        ...(text.trim() ? [{ type: 'text' as const, text }] : []),
        ...m.content.filter((b) => b.type !== 'text'),
      ],
    };
  });
  const maxTokens =
    Number.isInteger(draft.maxTokens) && draft.maxTokens > 0 ? draft.maxTokens : request.maxTokens;
  const { systemPrompt: _old, ...rest } = request;
  return {
    ...rest,
    messages,
    maxTokens,
    ...(draft.systemPrompt.trim() ? { systemPrompt: draft.systemPrompt } : {}),
  };
}

function describePreferences(prefs: Record<string, unknown> | undefined): string | null {
  if (!prefs) return null;
  const hints = Array.isArray(prefs.hints)
    ? prefs.hints
        .map((h) => (h as { name?: unknown })?.name)
        .filter((n): n is string => typeof n === 'string')
    : [];
  const parts = [
    ...(hints.length > 0 ? [`prefers ${hints.join(', ')}`] : []),
    ...(['costPriority', 'speedPriority', 'intelligencePriority'] as const)
      .filter((k) => typeof prefs[k] === 'number')
      .map((k) => `${k.replace('Priority', '')} ${String(prefs[k])}`),
  ];
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The Messages API's usage as the meter counts it. */
const usageOf = (message: { usage?: Anthropic.Usage | null }): Usage => ({
  inputTokens: message.usage?.input_tokens ?? 0,
  outputTokens: message.usage?.output_tokens ?? 0,
  cacheReadTokens: message.usage?.cache_read_input_tokens ?? 0,
  cacheCreationTokens: message.usage?.cache_creation_input_tokens ?? 0,
});

const declined = (message: string): SamplingOutcome => ({ ok: false, message });

// Long: one port per kind of server question, over the broker and settings they share.
export function windowFeaturePorts(deps: FeaturePortDeps): FeaturePorts {
  const { broker } = deps;
  const keyOf = deps.settingsKey ?? ((server: string) => server);
  const opened = new Map<string, string>(); // `${server}\0${elicitationId}` -> question id
  // The conversation a question is asked in: the one the wire names, else the only one with a
  // call in flight on the server; none when neither says (the router then asks the focused window).
  const askedIn = (server: string, exact: string | undefined) => {
    const conversationId = exact ?? deps.gate.soleConversation?.(server);
    return conversationId ? { conversationId } : {};
  };
  const ports: FeaturePorts = {
    roots: { roots: (server) => rootsFor(keyOf(server), deps.project(), deps.settings) },
    sampling: {
      async sample(server, original, signal, conversationId) {
        const about = askedIn(server, conversationId);
        const admitted = await deps.gate.admit({
          origin: 'sampling',
          identity: deps.gate.identity(server),
        });
        if (admitted.outcome === 'deny') {
          deps.gate.note(server, admitted.message);
          return declined(admitted.message);
        }
        const settings = deps.chatSettings();
        const key = await deps.apiKey();
        if (!key)
          return declined(
            'Lena has no Anthropic API key, so it cannot answer sampling requests; the user can add one in Settings',
          );
        const client = await anthropicClient(settings, key);
        const limits = await deps.models.limits(
          client,
          settings.baseUrl ?? 'default',
          settings.model,
        );
        let request = original;
        let built = await buildSamplingRequest(request, settings.model, limits);
        if ('error' in built) return declined(`Lena cannot send this request: ${built.error}`);
        const own = keyOf(server);
        if (deps.settings.current.servers[own]?.sampling !== 'always') {
          const answer: ClientAnswer = await broker.ask(
            {
              kind: 'sampling-request',
              server,
              draft: draftOf(request),
              model: settings.model,
              modelPreferences: describePreferences(request.modelPreferences),
              notices: built.notices,
              ...about,
            },
            { signal },
          );
          if (answer.action !== 'approve')
            return declined('The user declined the sampling request');
          if (answer.draft) {
            request = applyDraft(request, answer.draft);
            built = await buildSamplingRequest(request, settings.model, limits);
            if ('error' in built) return declined(`Lena cannot send this request: ${built.error}`);
          }
          if (answer.always)
            await deps.settings.update({ servers: { [own]: { sampling: 'always' } } });
        }
        let text: string;
        let model: string;
        let stop: string | null;
        let tokens: { input: number; output: number };
        try {
          const params = built.params;
          const message = await admitted.send(() => client.messages.create(params, { signal }));
          await deps.usage?.add(own, message.usage);
          if (about.conversationId)
            deps.spent?.(about.conversationId, message.model || settings.model, usageOf(message));
          tokens = {
            input: message.usage?.input_tokens ?? 0,
            output: message.usage?.output_tokens ?? 0,
          };
          text = replyText(message);
          model = message.model;
          stop = message.stop_reason;
        } catch (e) {
          return declined(`Claude could not answer the sampling request: ${(e as Error).message}`);
        }
        const review = await broker.ask(
          {
            kind: 'sampling-answer',
            server,
            model,
            text,
            stopReason: stop,
            usage: tokens,
            ...about,
          },
          { signal },
        );
        if (review.action !== 'approve')
          return declined('The user did not let the answer go back to the server');
        deps.outgoing?.(text);
        return { ok: true, model, text, stopReason: mcpStopReason(stop) };
      },
    },
    elicitation: {
      async form(q, signal) {
        const a = await broker.ask(
          {
            kind: 'elicitation-form',
            server: q.server,
            message: q.message,
            fields: q.fields,
            purpose: q.purpose,
            ...askedIn(q.server, q.conversationId),
          },
          { signal },
        );
        if (a.action === 'accept') {
          deps.outgoing?.(a.values ?? {});
          return { action: 'accept', values: a.values ?? {} };
        }
        return { action: a.action === 'decline' ? 'decline' : 'cancel' };
      },
      ...(deps.openExternal
        ? {
            url: async (q, signal) => {
              const body = {
                kind: 'elicitation-url' as const,
                server: q.server,
                message: q.message,
                url: q.url,
                origin: q.origin,
                loopback: q.loopback,
                ...askedIn(q.server, q.conversationId),
              };
              const a = await broker.ask({ ...body, opened: false }, { signal });
              if (a.action !== 'accept')
                return { action: a.action === 'decline' ? 'decline' : 'cancel' };
              await deps.openExternal!(q.url);
              // The question stays, saying Lena waits for the server, until its completion notice.
              const key = `${q.server}\0${q.elicitationId}`;
              void broker
                .ask({ ...body, opened: true }, { onId: (id) => opened.set(key, id) })
                .then(() => opened.delete(key));
              return { action: 'accept' };
            },
            completed: (server, elicitationId) => {
              const id = opened.get(`${server}\0${elicitationId}`);
              if (id) broker.complete(id);
            },
          }
        : {}),
    },
  };
  return ports;
}
