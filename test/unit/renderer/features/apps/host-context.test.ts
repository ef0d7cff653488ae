import { describe, expect, it } from 'vitest';
import { hostContext, styleVariables } from '../../../../../renderer/features/apps/host-context';

const light: Record<string, string> = {
  '--bg': ' #ffffff',
  '--fg': '#1d1e22',
  '--fg-muted': '#5d6069',
  '--border': '#dedfe3',
  '--red': '#b42828',
  '--font': 'system-ui',
};

describe('the host context a view gets', () => {
  it('carries Lena’s colour tokens under the spec’s names', () => {
    const vars = styleVariables((t) => light[t] ?? '');
    expect(vars['--color-background-primary']).toBe('#ffffff');
    expect(vars['--color-text-primary']).toBe('#1d1e22');
    expect(vars['--color-text-inverse']).toBe('#ffffff');
    expect(vars['--color-text-danger']).toBe('#b42828');
    expect(vars['--color-border-primary']).toBe('#dedfe3');
    expect(vars['--font-sans']).toBe('system-ui');
    expect(vars['--font-text-md-size']).toBe('14px');
    // A token the document does not define is left out rather than sent empty.
    expect('--color-text-success' in vars).toBe(false);
  });

  it('says the theme, locale, mode and room the view has', () => {
    const ctx = hostContext({
      theme: 'dark',
      styles: styleVariables(() => ''),
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      displayMode: 'inline',
      width: 612.6,
      maxHeight: 640,
    });
    expect(ctx).toMatchObject({
      theme: 'dark',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      containerDimensions: { width: 613, maxHeight: 640 },
      platform: 'desktop',
    });
  });
});
