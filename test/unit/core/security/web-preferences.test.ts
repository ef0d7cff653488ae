// Electron's security checklist for the window: these fail if any setting is loosened.
import { describe, expect, it } from 'vitest';
import {
  mainWindowOptions,
  secureWebPreferences,
} from '../../../../electron/core/security/web-preferences';

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences('/app/preload.js', { devTools: false });

  it('isolates the renderer: context isolation and the sandbox on, Node off everywhere', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and refuses insecure content, experimental features and webviews', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('enables devtools only when asked (development)', () => {
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true);
    expect(prefs.devTools).toBe(false);
  });

  it('passes the secure preferences into the window options unchanged', () => {
    const options = mainWindowOptions('/app/preload.js', { devTools: false });
    expect(options.webPreferences).toEqual(prefs);
    expect(options.show).toBe(false);
  });
});
