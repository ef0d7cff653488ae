// The agents as the chat uses them: the agents service (agents.json, `${secret:NAME}` from Lena's
// secret store), the limits from settings, and the agent's questions asked through the one broker
// as an elicitation form marked as coming from the agent (the window's frame, or the terminal with
// `lena chat --interactive`). Without anyone to ask, a question is unanswered and the task cancelled.
import { agentToolName } from '../../../shared/a2a';
import type { AgentLimits } from '../../../shared/settings-fields';
import { AgentAuth } from '../agents/auth';
import type { DelegationJournal } from '../agents/journal';
import { artifactKeeper } from '../agents/keep';
import { AgentsService } from '../agents/service';
import type { DelegationLimits } from '../agents/follow';
import type { AgentDelegates } from '../chat/agent-tools';
import type { SignInHost } from '../mcp/auth/provider';
import type { AuthStore } from '../mcp/auth/store';
import { SignInCancelledError } from '../mcp/auth/types';
import type { SecretLookup } from '../mcp/config/expand';
import type { Asker } from './feature-ports';
import { signInAsker } from './sign-in-asker';

export interface AgentDelegatesDeps {
  file: string;
  env: NodeJS.ProcessEnv;
  secrets: SecretLookup;
  limits: () => AgentLimits;
  asker?: Asker | null;
  /** The window follows delegations again after a restart; the command line does not. */
  journal?: DelegationJournal;
  /** Where artifacts past the inline limit are kept (attachments/delegations in Lena's home). */
  filesDir?: string;
  /** Agents' OAuth sign-ins: the servers' token store and browser, asked through the same card. */
  auth?: { store: AuthStore; host: SignInHost };
}

export function delegationLimits(l: AgentLimits): DelegationLimits {
  return {
    wallTimeMs: l.wallTimeMinutes * 60_000,
    maxUpdatesPerSecond: l.updatesPerSecond,
    maxInlineBytes: l.inlineBytes,
    maxInputRounds: l.inputRounds,
  };
}

export function agentDelegates(deps: AgentDelegatesDeps): AgentDelegates & {
  service: AgentsService;
} {
  const service = new AgentsService({
    file: deps.file,
    env: deps.env,
    secrets: deps.secrets,
    ...(deps.auth ? { auth: new AgentAuth(deps.auth) } : {}),
  });
  // "Sign in to NAME" in the conversation (or the terminal's word), like a server's; its own
  // instance, so an agent and a server of the same name never share a pending sign-in.
  const askSignIn =
    deps.asker && deps.auth
      ? signInAsker({
          broker: deps.asker,
          auth: {
            signIn: (name) => service.signIn(name),
            cancelSignIn: (name) => service.cancelSignIn(name),
          },
        })
      : undefined;
  return {
    service,
    ...(deps.journal ? { journal: deps.journal } : {}),
    ...(deps.filesDir
      ? { keep: artifactKeeper(deps.filesDir, () => deps.limits().keepBytes) }
      : {}),
    tools: () => service.tools(),
    connect: (name) => service.connect(name),
    limits: () => delegationLimits(deps.limits()),
    ...(askSignIn
      ? {
          async signIn(q, signal) {
            // In the delegating conversation: asked in the window showing it.
            const done = await askSignIn(q.agent, agentToolName(q.agent), signal, q.conversationId);
            // The delegation's result says what to do next; the servers' hint would not fit.
            if (done.ok) return { ok: true };
            const cancelled = done.error instanceof SignInCancelledError;
            return {
              ok: false,
              message: cancelled ? 'the user cancelled the sign-in' : done.error.message,
            };
          },
        }
      : {}),
    async ask(q, signal) {
      if (!deps.asker) return null;
      const answer = await deps.asker.ask(
        {
          kind: 'elicitation-form',
          from: 'agent',
          server: q.agent,
          message: q.question,
          fields: [
            { key: 'answer', kind: 'text', label: 'Your answer', required: true, sensitive: false },
          ],
          purpose: `A2A task ${q.view.taskId ?? ''} (question ${q.view.rounds})`.trim(),
          // The delegation's own conversation: the question is asked in the window showing it.
          conversationId: q.conversationId,
        },
        { signal },
      );
      if (answer.action !== 'accept') return null;
      const text = answer.values?.answer;
      return typeof text === 'string' && text.trim() ? text : null;
    },
  };
}
