// The window's webPreferences and construction options, as a pure function so tests can assert
// that nothing was loosened (Electron's security checklist).

export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: boolean;
  devTools: boolean;
}

export function secureWebPreferences(
  preload: string,
  opts: { devTools: boolean },
): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    devTools: opts.devTools,
  };
}

/**
 * WebRTC's address policy for every webContents: UDP only through a proxy, which Lena never sets,
 * so no STUN/TURN packet leaves a page or an MCP Apps view frame (the view proxy also removes the
 * WebRTC API from views; this holds for anything that gets past it, frames a view declared included).
 */
export const WEBRTC_IP_HANDLING_POLICY = 'disable_non_proxied_udp';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export function mainWindowOptions(
  preload: string,
  opts: { devTools: boolean; bounds?: WindowBounds },
) {
  return {
    ...(opts.bounds ?? { width: 1200, height: 800 }),
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Lena',
    backgroundColor: '#1e1f22',
    webPreferences: secureWebPreferences(preload, opts),
  };
}
