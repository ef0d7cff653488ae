// registry:* — the install service: search and read the MCP Registry, preview an install, save it.
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type InstallHandlers = Pick<Handlers, Extract<keyof Handlers, `registry:${string}`>>;

export function installHandlers(get: () => Promise<HostServices>): InstallHandlers {
  const install = async () => (await get()).install;
  return {
    'registry:search': async (args) => (await install()).search(args ?? {}),
    'registry:show': async ({ name, version }) => (await install()).show(name, version),
    'registry:preview': async (request) => (await install()).preview(request),
    'registry:install': async (request) => (await install()).install(request),
  };
}
