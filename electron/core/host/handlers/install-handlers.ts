// registry:* — the install service: search and read the MCP Registry, preview an install, save it;
// bundles:* — MCP bundles opened, verified and installed.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type InstallHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `registry:${string}` | `bundles:${string}`>
>;

export function installHandlers(get: () => Promise<HostServices>): InstallHandlers {
  const install = async () => (await get()).install;
  return {
    'registry:search': async (args) => (await install()).search(args ?? {}),
    'registry:show': async ({ name, version }) => (await install()).show(name, version),
    'registry:preview': async (request) => (await install()).preview(request),
    'registry:install': async (request) => (await install()).install(request),
    'bundles:open': async (source) => (await get()).bundles.open(source),
    'bundles:install': async (request) => (await get()).bundles.install(request),
    'bundles:pending': async () => (await get()).bundles.pending(),
    'bundles:pick-paths': async ({ kind, multiple }) =>
      (await get()).bundles.pickPaths(kind, multiple),
  };
}
