// Screenshots of one screen at the window sizes people use (1280 and 720 wide, and 720×560) in
// light and dark, saved as `<name>-<width>x<height>-<theme>.png` under test-results/e2e/.
import type { AppSession } from '../harness';

export const SIZES = [
  { width: 1280, height: 800 },
  { width: 720, height: 800 },
  { width: 720, height: 560 },
] as const;

/** Screenshots `name` at every size and theme; `check` runs at each size (light) before its shots. */
export async function screenshotSizes(
  app: Pick<AppSession, 'page' | 'screenshot'>,
  name: string,
  check?: (size: (typeof SIZES)[number]) => Promise<void>,
): Promise<void> {
  const { page } = app;
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check?.(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await app.screenshot(`${name}-${size.width}x${size.height}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}
