// The skills catalog of a request: the enabled skills' names, descriptions and origins, the same
// text for `lena chat` and the window. Built from the folders on each request, so a skill switched
// or changed shows at the next request, and an unchanged set gives byte-identical text.
import { catalogText } from '../skills/catalog';
import type { SkillsService } from '../skills/service';

/** `off`: skills switched off in one conversation (by name), left out of its catalog. */
export async function skillCatalogOf(
  skills: SkillsService,
  off: readonly string[] = [],
): Promise<string> {
  const enabled = (await skills.enabled()).filter((e) => !off.includes(e.view.name));
  return catalogText(
    enabled.map(({ view }) => ({
      name: view.name,
      description: view.description ?? '',
      origin: view.origin,
      ...(view.server !== undefined ? { server: view.server } : {}),
    })),
  );
}
