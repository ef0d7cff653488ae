// servers:asks / servers:set-asks — what a server may ask of Lena, set on its page: the folders it
// may see (roots, besides the open project) and whether its sampling requests are reviewed. A
// change of roots is told to the running server (notifications/roots/list_changed).
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { Handlers } from '../dispatch';
import type { HostServices } from '../services';

type AsksHandlers = Pick<Handlers, 'servers:asks' | 'servers:set-asks'>;

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
  return {
    'servers:asks': async ({ name }) => (await get()).servers.asks(name),
    'servers:set-asks': async ({ name, roots, sampling, shareProject }) => {
      const servers = (await get()).servers;
      servers.asks(name); // not-found before the folders are checked
      const folders = roots ? await checkedFolders(roots) : undefined;
      return servers.setAsks(name, { roots: folders, sampling, shareProject });
    },
  };
}
