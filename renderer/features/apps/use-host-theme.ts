// The theme in force and Lena's colour tokens, as a view is told them; recomputed when the user
// picks another theme or the system switches, so every live view follows the window.
import { useSyncExternalStore } from 'react';
import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  documentTokens,
  resolvedTheme,
  styleVariables,
  subscribeTheme,
  type ResolvedTheme,
} from './host-context';

export interface HostTheme {
  theme: ResolvedTheme;
  styles: McpUiStyles;
}

let cached: HostTheme | null = null;
let cachedKey = '';
let stale = true;

// Reading computed styles costs a style pass: done again only after the theme may have changed.
function subscribe(onChange: () => void): () => void {
  return subscribeTheme(() => {
    stale = true;
    onChange();
  });
}

function snapshot(): HostTheme {
  if (cached && !stale) return cached;
  stale = false;
  const theme = resolvedTheme();
  const styles = styleVariables(documentTokens());
  const key = `${theme}:${JSON.stringify(styles)}`;
  if (!cached || key !== cachedKey) {
    cached = { theme, styles };
    cachedKey = key;
  }
  return cached;
}

export function useHostTheme(): HostTheme {
  return useSyncExternalStore(subscribe, snapshot);
}
