// Type test, checked by `npm run typecheck` (tsc): a handler object that lacks a contract
// channel, or returns the wrong result type, must not compile. If either line compiled, the
// expect-error directive would be unused, which tsc reports, so the type check would fail.
import type { Handlers } from '../../../../electron/core/host/dispatch';

// @ts-expect-error -- 'app:info' is missing: every contract channel needs a handler.
export const missingHandler: Handlers = {};

export const wrongResult: Handlers = {
  // @ts-expect-error -- app:info must return AppInfo, not a string.
  'app:info': () => 'not app info',
};
