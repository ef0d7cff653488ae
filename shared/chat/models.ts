// Models as the picker shows them, and the token budget of the tools and the last turn.
import type { Usage } from './messages';

/** A model as the picker shows it: from the Models API (or Lena's built-in table offline). */
export interface ModelOption {
  id: string;
  displayName: string;
  /** Most output tokens one answer may have (the max_tokens ceiling). */
  maxOutputTokens: number;
  /** The context window. */
  maxInputTokens: number;
  /** Thinking modes the model accepts ('adaptive', 'enabled', 'disabled'); empty when unknown. */
  thinking: string[];
  /** Effort levels the model lists; empty when it has no effort control. */
  effort: string[];
  /** False when the Models API says the model does not read PDFs (`pdf_input`). */
  pdf?: boolean;
  source: 'models-api' | 'built-in';
}

export interface TokenBudget {
  model: string;
  totalToolTokens: number;
  perServer: { server: string; tokens: number; toolCount: number }[];
  lastTurn: Usage | null;
  /** True when counted by the API's count_tokens endpoint; false for an estimate. */
  exact: boolean;
}
