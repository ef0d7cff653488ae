// The screen tour: each screen a test reaches is shown at 1280, 900 and 720 px wide, in light and
// in dark, saved as test-results/e2e/screens/NN-screen-WIDTH-SCHEME.png for a person to look at,
// and scanned by axe at 1280 and 720 px (AXE_RUNS says which rules where).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from '../harness';
import type { AxeFinding, AxeTally } from './axe';

/** The widths a screen is shown at, with the height of a window of that width. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 700 },
  { width: 720, height: 560 },
] as const;
/**
 * What axe runs at each width and scheme. The colour rules are the only ones a scheme can change,
 * and the only ones a narrower layout cannot: the colours are checked at 1280 px in both schemes,
 * and everything else at 1280 and at 720 px.
 */
const AXE_RUNS: Record<
  number,
  Partial<Record<'light' | 'dark', 'all' | 'colour' | 'not-colour'>>
> = {
  1280: { light: 'all', dark: 'colour' },
  720: { light: 'not-colour' },
};
export const SCREENS_DIR = join(RESULTS_DIR, 'screens');

const slug = (screen: string): string =>
  screen
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Two animation frames: the layout and paint after a resize or a theme change are done. */
const settle = (page: Page): Promise<unknown> =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );

export class ScreenTour {
  private count = 0;
  /** Wall time spent in visits, and in their screenshots, for the report. */
  spentMs = 0;
  shotMs = 0;

  constructor(
    private readonly tally: AxeTally,
    private readonly dir = SCREENS_DIR,
  ) {
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.endsWith('.png')) rmSync(join(dir, f));
  }

  /**
   * Shows the page as it is now at every size and in both schemes: saves each picture and
   * returns axe's failing findings; `widths` narrows the sizes (a screen only a narrow window
   * has). The window is left at the last size, or 1280 × 800 when all were shown, in light.
   */
  async visit(page: Page, screen: string, widths?: number[]): Promise<AxeFinding[]> {
    const started = Date.now();
    const name = `${String(++this.count).padStart(2, '0')}-${slug(screen)}`;
    const severe: AxeFinding[] = [];
    const sizes = SIZES.filter((s) => !widths || widths.includes(s.width));
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await settle(page);
        const t = Date.now();
        await page.screenshot({ path: join(this.dir, `${name}-${size.width}-${scheme}.png`) });
        this.shotMs += Date.now() - t;
        const rules = AXE_RUNS[size.width]?.[scheme];
        if (rules)
          severe.push(...(await this.tally.scanAs(page, screen, scheme, size.width, rules)));
      }
    }
    if (!widths) await page.setViewportSize(SIZES[0]);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await settle(page);
    this.spentMs += Date.now() - started;
    return severe;
  }
}
