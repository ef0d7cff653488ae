// What a view is told about the window it sits in (the Apps "host context"): the theme in force
// (the setting, else the system's), Lena's own colour and font tokens under the spec's variable
// names, the locale, the display mode and the room it has. Pure, apart from reading the document.
import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiStyles,
} from '@modelcontextprotocol/ext-apps/app-bridge';

export type ResolvedTheme = 'light' | 'dark';

/** The theme the window shows now: `data-theme` when the user chose one, else the system's. */
export function resolvedTheme(
  doc: Document = document,
  media: Pick<Window, 'matchMedia'> | undefined = globalThis.window,
): ResolvedTheme {
  const chosen = doc.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return media?.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

// The spec's variables, each from one of Lena's tokens (styles.css) or a fixed value of Lena's look.
const FROM_TOKEN: Partial<Record<keyof McpUiStyles, string>> = {
  '--color-background-primary': '--bg',
  '--color-background-secondary': '--bg-sidebar',
  '--color-background-tertiary': '--bg-hover',
  '--color-background-inverse': '--fg',
  '--color-background-disabled': '--bg-active',
  '--color-text-primary': '--fg',
  '--color-text-secondary': '--fg-muted',
  '--color-text-tertiary': '--fg-muted',
  '--color-text-inverse': '--bg',
  '--color-text-info': '--focus',
  '--color-text-danger': '--red',
  '--color-text-success': '--green',
  '--color-text-warning': '--amber',
  '--color-text-disabled': '--grey',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border',
  '--color-border-tertiary': '--bg-active',
  '--color-border-inverse': '--fg',
  '--color-border-info': '--focus',
  '--color-border-danger': '--red',
  '--color-border-success': '--green',
  '--color-border-warning': '--amber',
  '--color-border-disabled': '--grey',
  '--color-ring-primary': '--focus',
  '--color-ring-secondary': '--border',
  '--color-ring-inverse': '--bg',
  '--color-ring-info': '--focus',
  '--color-ring-danger': '--red',
  '--color-ring-success': '--green',
  '--color-ring-warning': '--amber',
  '--font-sans': '--font',
  '--font-mono': '--mono',
  '--border-radius-md': '--radius',
};

const FIXED: Partial<McpUiStyles> = {
  '--color-background-ghost': 'transparent',
  '--color-text-ghost': 'transparent',
  '--color-border-ghost': 'transparent',
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': '11px',
  '--font-text-sm-size': '12px',
  '--font-text-md-size': '14px',
  '--font-text-lg-size': '16px',
  '--font-heading-sm-size': '15px',
  '--font-heading-md-size': '17px',
  '--font-heading-lg-size': '20px',
  '--font-text-md-line-height': '1.5',
  '--border-radius-xs': '2px',
  '--border-radius-sm': '4px',
  '--border-radius-lg': '12px',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
};

/** The spec's style variables, read from the window's computed tokens (`read('--bg')` → '#ffffff'). */
export function styleVariables(read: (token: string) => string): McpUiStyles {
  const out: Partial<McpUiStyles> = { ...FIXED };
  for (const [key, token] of Object.entries(FROM_TOKEN) as [keyof McpUiStyles, string][]) {
    const value = read(token).trim();
    if (value) out[key] = value;
  }
  return out as McpUiStyles;
}

/** Reads a token from the document's root as the theme in force computes it. */
export function documentTokens(doc: Document = document): (token: string) => string {
  const style = getComputedStyle(doc.documentElement);
  return (token) => style.getPropertyValue(token);
}

export interface HostContextInput {
  theme: ResolvedTheme;
  styles: McpUiStyles;
  locale: string;
  timeZone: string;
  displayMode: McpUiDisplayMode;
  /** The width the view has and the most height it may take. */
  width: number;
  maxHeight: number;
  tool?: McpUiHostContext['toolInfo'];
}

export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

export function hostContext(input: HostContextInput): McpUiHostContext {
  return {
    theme: input.theme,
    styles: { variables: input.styles },
    locale: input.locale,
    timeZone: input.timeZone,
    displayMode: input.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: { width: Math.round(input.width), maxHeight: Math.round(input.maxHeight) },
    platform: 'desktop',
    ...(input.tool ? { toolInfo: input.tool } : {}),
  };
}

/** Calls `listener` when the theme in force may have changed (a setting, or the system's scheme). */
export function subscribeTheme(listener: () => void, doc: Document = document): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', listener);
  };
}
