// Injected into the page by the end-to-end harness (as an init script): builds `window.lena`
// with the very builder the preload uses, over Playwright bindings instead of ipcRenderer. Like
// Electron's preload, only in the window's main frame: an MCP Apps view (a subframe) gets none.
import { buildBridge } from '../../shared/bridge';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const w = window as unknown as {
  __lenaInvoke(channel: string, args: unknown): Promise<unknown>;
  lena: unknown;
};

const mainFrame = window.top === window.self;
// Playwright installs its bindings in every frame; a subframe (a view) must not even see the name.
if (!mainFrame) {
  try {
    delete (window as unknown as { __lenaInvoke?: unknown }).__lenaInvoke;
  } catch {
    // Not deletable here: the sender check still refuses every call from a subframe.
  }
}

// The harness pushes core events here (page.evaluate); hidden from enumeration like a preload.
if (mainFrame)
  Object.defineProperty(window, '__lenaDeliver', {
    enumerable: false,
    value: (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  });

if (mainFrame)
  Object.defineProperty(window, 'lena', {
    enumerable: true,
    configurable: false,
    writable: false,
    value: buildBridge({
      invoke: (channel, args) => w.__lenaInvoke(channel, args),
      subscribe: (event, listener) => {
        let set = listeners.get(event);
        if (!set) listeners.set(event, (set = new Set()));
        set.add(listener);
        return () => {
          set.delete(listener);
        };
      },
    }),
  });
