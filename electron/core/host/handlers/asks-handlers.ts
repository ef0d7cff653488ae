// servers:asks / servers:set-asks — what a server may ask of Lena, set on its page: the folders it
// may see (roots, besides the open project) and whether its sampling requests are reviewed. A
// change of roots is told to the running server (notifications/roots/list_changed).
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { ServerAsksView } from '../../../../shared/server-types';
import { ERROR_CODE, LenaError } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type AsksHandlers = Pick<Handlers, 'servers:asks' | 'servers:set-asks'>;

function view(s: HostServices, name: string): ServerAsksView {
  const key = s.runtime.settingsKey(name);
  const own = s.runtime.settings.current.servers[key];
  return {
    name,
    projectFolder: s.runtime.manager.projectFolder ?? null,
    roots: own?.roots ?? [],
    sampling: own?.sampling ?? 'ask',
    samplingUsage: s.runtime.samplingUsage.get(key),
  };
}

/** Each folder absolute and existing, so a server is never given a root that is not there. */
async function checkedFolders(folders: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const folder of folders) {
    if (!isAbsolute(folder))
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${folder}" is not an absolute path; give the full path of the folder (for example /home/me/docs).`,
      );
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory())
      throw new LenaError(
        ERROR_CODE.invalidArguments,
        `"${folder}" is not a folder on this computer; check the path.`,
      );
    const normal = resolve(folder);
    if (!out.includes(normal)) out.push(normal);
  }
  return out;
}

export function asksHandlers(get: () => Promise<HostServices>): AsksHandlers {
  const known = (s: HostServices, name: string) => {
    if (!s.runtime.manager.session(name))
      throw new LenaError(ERROR_CODE.notFound, `There is no server named "${name}".`);
  };
  return {
    'servers:asks': async ({ name }) => {
      const s = await get();
      known(s, name);
      return view(s, name);
    },
    'servers:set-asks': async ({ name, roots, sampling }) => {
      const s = await get();
      known(s, name);
      const folders = roots ? await checkedFolders(roots) : undefined;
      await s.runtime.settings.update({
        servers: {
          [s.runtime.settingsKey(name)]: {
            ...(folders ? { roots: folders } : {}),
            ...(sampling ? { sampling } : {}),
          },
        },
      });
      if (folders)
        await s.runtime.manager
          .session(name)
          ?.mcp?.rootsChanged()
          .catch(() => undefined);
      return view(s, name);
    },
  };
}
