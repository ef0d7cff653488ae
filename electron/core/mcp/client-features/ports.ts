// What the roots, sampling and elicitation handlers need from the host: each port asks the user
// (or answers for them, where a front end cannot ask) and never reaches into a window itself.
// The host builds them over its one broker (core/permissions/broker.ts); the command line over terminal
// prompts; the conformance driver over a stand-in user.
import type { FormField, FormValues } from '../../../../shared/elicitation-form';

export interface Root {
  uri: string;
  name?: string;
}

export interface RootsPort {
  /** The folders this server may see: the open project, plus the ones set in its settings. */
  roots(server: string): Root[] | Promise<Root[]>;
}

export type SamplingBlock =
  { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** A sampling/createMessage request after validation: only what Lena can send to Claude, plus what it must name. */
/** The limits (settings.json `askLimits`, bounds in shared/settings-fields.ts). */
export interface AskLimits {
  concurrentSampling: number;
  samplingPerCall: number;
  samplingMaxTokens: number;
  samplingTokensPerDay: number;
  pendingQuestions: number;
}

/** What the caps need from the host: the limits now, the day's tally, and where the user reads a refusal. */
export interface CapsPort {
  limits(): AskLimits;
  /** Sampling tokens this server used of the user's key today (its own scope's tally). */
  usedToday(server: string): number;
  /** A line the user sees about this server (its log). */
  note(server: string, line: string): void;
}

export interface SamplingRequest {
  messages: { role: 'user' | 'assistant'; content: SamplingBlock[] }[];
  systemPrompt?: string;
  maxTokens: number;
  /** The server's wishes, shown to the user (hints, priorities); Lena uses the user's model. */
  modelPreferences?: Record<string, unknown>;
  /** Parameters the server sent that Lena does not pass on, each with why ("temperature: …"). */
  omitted: string[];
  stopSequences?: string[];
}

export type SamplingOutcome =
  | { ok: true; model: string; text: string; stopReason: string | null }
  | { ok: false; message: string };

export interface SamplingPort {
  /**
   * Shows the request, sends it if the user approves, shows the answer; resolves with what to
   * return. `conversationId`: the conversation whose call it serves, when the wire says so.
   */
  sample(
    server: string,
    request: SamplingRequest,
    signal: AbortSignal,
    conversationId?: string,
  ): Promise<SamplingOutcome>;
}

export type FormOutcome =
  { action: 'accept'; values: FormValues } | { action: 'decline' } | { action: 'cancel' };
export type UrlOutcome = { action: 'accept' | 'decline' | 'cancel' };

export interface FormQuestion {
  server: string;
  message: string;
  fields: FormField[];
  purpose: string | null;
  /** The conversation whose call the form serves, when the wire says so. */
  conversationId?: string;
}

export interface UrlQuestion {
  server: string;
  message: string;
  url: string;
  origin: string;
  /** The address is on this computer (localhost, 127.0.0.0/8, [::1] …): the question says so. */
  loopback: boolean;
  elicitationId: string;
  /** The conversation whose call the address serves, when the wire says so. */
  conversationId?: string;
}

export interface ElicitationPort {
  form(question: FormQuestion, signal: AbortSignal): Promise<FormOutcome>;
  /** Asks whether to open `url`; on yes the port opens it in the system browser, then answers accept. */
  url?(question: UrlQuestion, signal: AbortSignal): Promise<UrlOutcome>;
  /** notifications/elicitation/complete: the server says the URL flow finished. */
  completed?(server: string, elicitationId: string): void;
}

/** The ports one front end offers; what is absent is not declared to servers. */
export interface FeaturePorts {
  roots?: RootsPort;
  sampling?: SamplingPort;
  elicitation?: ElicitationPort;
  /** The limits on what each server may ask (caps.ts); absent: unbounded (a stand-in user in tests). */
  caps?: CapsPort;
}
