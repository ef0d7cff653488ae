// Type test, checked by `npm run typecheck` (tsc): a channel that takes no arguments takes none in
// its type, and a required argument cannot be left out (issue 13). Each expect-error line would be
// reported unused if it compiled, which fails the type check.
import type { LenaApi } from '../../../shared/bridge';
import type { call } from '../../../renderer/host';

export function calls(api: LenaApi, callCore: typeof call): void {
  void api['app:info']();
  // @ts-expect-error -- app:info takes no arguments.
  void api['app:info']({ verbose: true });
  // @ts-expect-error -- servers:restart needs the server's name.
  void api['servers:restart']();
  void api['servers:restart']({ name: 'fs' });
  // Optional arguments stay optional.
  void api['servers:reload']();
  void api['servers:reload']({ name: 'fs' });
  void callCore('servers:list');
  // @ts-expect-error -- the renderer's call() follows the same rule.
  void callCore('servers:list', { name: 'fs' });
  // @ts-expect-error -- and a required argument is required there too.
  void callCore('chat:stop');
}
