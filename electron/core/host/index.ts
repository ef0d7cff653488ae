// The core host: builds the services and the contract's handlers. Main and the end-to-end harness
// both call createHost, so the window talks to the same code in both.
import { APP_NAME, APP_VERSION } from '../version';
import { ensureLenaHome, lenaPaths, type LenaPaths } from '../home';
import { createDispatch, type Dispatch, type Handlers } from './dispatch';
import { HostEvents } from './events';
import { unavailableAll } from './pending';
import { INVOKE_CHANNELS } from '../../../shared/channel-names';

export interface HostOptions {
  /** Lena's home; defaults to `LENA_HOME` or `~/.lena`. */
  home?: string;
  /** Runtime versions that only Electron knows (null under plain Node). */
  versions?: { electron?: string | null; chromium?: string | null };
}

export interface Host {
  paths: LenaPaths;
  events: HostEvents;
  handlers: Handlers;
  dispatch: Dispatch;
  close(): Promise<void>;
}

export function createHost(options: HostOptions = {}): Host {
  const paths = ensureLenaHome(lenaPaths(options.home));
  const events = new HostEvents();

  const handlers: Handlers = {
    ...unavailableAll(INVOKE_CHANNELS.filter((c) => c !== 'app:info')),
    'app:info': () => ({
      name: APP_NAME,
      version: APP_VERSION,
      electron: options.versions?.electron ?? null,
      node: process.versions.node,
      chromium: options.versions?.chromium ?? null,
      platform: process.platform,
      home: paths.home,
    }),
  };

  const dispatch = createDispatch(handlers, (channel, err) =>
    events.emit('app:log', {
      time: Date.now(),
      level: 'error',
      source: 'host',
      message: `${channel}: ${err instanceof Error ? err.message : String(err)}`,
    }),
  );

  return {
    paths,
    events,
    handlers,
    dispatch,
    async close() {},
  };
}
