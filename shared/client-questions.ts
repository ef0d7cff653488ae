// What a server may ask of Lena, as questions for the user: a sampling request to review (and
// its answer, before it goes back), an elicitation form, an address to open. Core raises them
// with an id and a deadline (core/permissions/broker.ts, one queue with tool permissions); the
// window shows each in the shared question frame and answers by id (`questions:answer`).
import type { FormField, FormValues } from './elicitation-form';

/** One message of a sampling request as the user reviews (and may edit) it. */
export interface SamplingMessageDraft {
  role: 'user' | 'assistant';
  text: string;
  /** Non-text content kept as it is ("image/png, 12 KB"). */
  attachments: string[];
}

/** The editable part of a sampling request. */
export interface SamplingDraft {
  systemPrompt: string;
  maxTokens: number;
  messages: SamplingMessageDraft[];
}

interface QuestionBase {
  id: string;
  /** The server's name as configured. */
  server: string;
  createdAt: number;
  /** When Lena stops waiting (ISO time). */
  expiresAt: string;
  /**
   * The conversation whose tool call led the server to ask, when that is known (the call's own
   * stream, or the only conversation with a call in flight on the server); absent otherwise.
   */
  conversationId?: string;
}

export interface SamplingRequestQuestion extends QuestionBase {
  kind: 'sampling-request';
  draft: SamplingDraft;
  /** The model Lena will use (the user's), and what the server would prefer. */
  model: string;
  modelPreferences: string | null;
  /** Parameters left out and limits applied, each said plainly ("temperature: not accepted by the API"). */
  notices: string[];
}

export interface SamplingAnswerQuestion extends QuestionBase {
  kind: 'sampling-answer';
  model: string;
  text: string;
  stopReason: string | null;
  /** Tokens this request used of the user's key (it counts toward their usage). */
  usage?: { input: number; output: number };
}

export interface ElicitationFormQuestion extends QuestionBase {
  kind: 'elicitation-form';
  message: string;
  fields: FormField[];
  /** The request the server is working on, when known ("tools/call book"). */
  purpose: string | null;
  /** An A2A agent asks (its task needs input), not an MCP server: `server` is the agent's name. */
  from?: 'agent';
}

export interface ElicitationUrlQuestion extends QuestionBase {
  kind: 'elicitation-url';
  message: string;
  url: string;
  origin: string;
  /** The address is on this computer (localhost, 127.0.0.0/8, [::1] …), from a local server: shown as such. */
  loopback: boolean;
  /** The user agreed and the browser opened: waiting for the server's completion notice. */
  opened: boolean;
}

/** MCP Apps ui/message: a tool's view wants to send this as the user's next message; nothing is sent unless the user approves. */
export interface AppMessageQuestion extends QuestionBase {
  kind: 'app-message';
  conversationId: string;
  /** The card whose view asks. */
  toolUseId: string;
  tool: string;
  /** The message's text, with invisible characters made visible. */
  text: string;
  /** Non-text content kept as it is ("image/png, 12 KB"). */
  attachments: string[];
}

/**
 * A chat turn called a tool on a server that needs a sign-in (issue 20): Sign in runs its OAuth
 * flow in the system browser, then the call is made again; Cancel ends the call, saying so.
 */
export interface SignInQuestion extends QuestionBase {
  kind: 'sign-in';
  /** The tool call that waits for it ("whoami"). */
  tool: string;
  /** The user said Sign in and the browser opened: the card waits for it to come back (Cancel only). */
  waiting: boolean;
}

export type ClientQuestion =
  | SamplingRequestQuestion
  | SamplingAnswerQuestion
  | ElicitationFormQuestion
  | ElicitationUrlQuestion
  | SignInQuestion
  | AppMessageQuestion;

export type ClientAnswer =
  | { action: 'approve'; draft?: SamplingDraft; always?: boolean }
  | { action: 'deny' }
  | { action: 'accept'; values?: FormValues }
  | { action: 'decline' }
  | { action: 'cancel' };

/** One line for screen readers and the queue. */
export function questionSummary(q: ClientQuestion): string {
  switch (q.kind) {
    case 'sampling-request':
      return `${q.server} asks to send a request to Claude.`;
    case 'sampling-answer':
      return `Return Claude's answer to ${q.server}?`;
    case 'elicitation-form':
      return q.from === 'agent'
        ? `The agent ${q.server} asks a question.`
        : `${q.server} asks for information.`;
    case 'elicitation-url':
      return q.loopback
        ? `${q.server} asks you to open ${q.origin}, an address on this computer.`
        : `${q.server} asks you to open ${q.origin}.`;
    case 'app-message':
      return `The ${q.tool} view of ${q.server} asks to send a message.`;
    case 'sign-in':
      return q.waiting
        ? `Waiting for the sign-in to ${q.server} in your browser.`
        : `Sign in to ${q.server} to run ${q.tool}?`;
  }
}

/** The answer given when nobody answers (the window, the terminal): deny, or cancel for elicitation and sign-in (the user did not act). */
export const SAFE_ANSWERS: Record<ClientQuestion['kind'], ClientAnswer> = {
  'sampling-request': { action: 'deny' },
  'sampling-answer': { action: 'deny' },
  'elicitation-form': { action: 'cancel' },
  'elicitation-url': { action: 'cancel' },
  'app-message': { action: 'deny' },
  'sign-in': { action: 'cancel' },
};
