// axe-core in the real window: scans the page as it is now, in light and in dark (the theme
// follows the system, so the colour scheme is switched by emulation), and keeps a tally per
// screen so the test file can print the totals and write them to test-results/e2e/axe.json.
// Critical, serious and moderate findings fail; minor ones are only counted.
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from '../harness';

export interface AxeFinding {
  screen: string;
  scheme: 'light' | 'dark';
  /** The viewport width of the scan, when the screen was scanned at more than one. */
  width?: number;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

const SEVERE = new Set(['critical', 'serious', 'moderate']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules whose outcome depends on colours, the only ones a change of scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const off = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { enabled: false }]));

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe on the window's own document: injected once per page (the window never navigates),
 * without frames, since an MCP App's view is the server's page and not Lena's DOM.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const context: ContextObject = { exclude: [['[data-testid="app-view-frame"]']] };
  return page.evaluate(
    ([c, o]) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(
        c,
        o,
      ),
    [context, { ...options, iframes: false }] as const,
  );
}

export class AxeTally {
  readonly findings: AxeFinding[] = [];
  /** Every violation of any impact, for the totals. */
  readonly counts: Record<string, number> = {};
  /** Violations per rule (a rule on one screen in one scheme counts once). */
  readonly byRule: Record<string, number> = {};
  /** Wall time of the scans, by which rules ran. */
  readonly spentMs: Record<string, number> = {};

  /** Scans the current screen in both schemes; returns its critical, serious and moderate findings. */
  async scan(page: Page, screen: string): Promise<AxeFinding[]> {
    const severe: AxeFinding[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      severe.push(...(await this.scanAs(page, screen, scheme)));
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    return severe;
  }

  /**
   * Scans the page as it is now (the caller set the scheme and size); returns what fails. `rules`
   * narrows the run: the colour rules alone, or all but them (for a page whose colours were
   * checked at another size).
   */
  async scanAs(
    page: Page,
    screen: string,
    scheme: 'light' | 'dark',
    width?: number,
    rules: 'all' | 'colour' | 'not-colour' = 'all',
  ): Promise<AxeFinding[]> {
    const severe: AxeFinding[] = [];
    const options: RunOptions =
      rules === 'colour'
        ? { runOnly: { type: 'rule', values: COLOUR_RULES } }
        : {
            runOnly: { type: 'tag', values: TAGS },
            ...(rules === 'not-colour' ? { rules: off(COLOUR_RULES) } : {}),
          };
    const analyze = () => runAxe(page, { ...options, resultTypes: ['violations'] });
    // axe throws (rather than reporting) when a node it looked at is replaced mid-scan, as an
    // editor redrawing does: such a scan is run again once, on the settled page.
    const started = Date.now();
    const result = await analyze().catch(async () => analyze());
    this.spentMs[rules] = (this.spentMs[rules] ?? 0) + Date.now() - started;
    for (const v of result.violations) {
      const impact = v.impact ?? 'unknown';
      this.counts[impact] = (this.counts[impact] ?? 0) + 1;
      this.byRule[`${impact} ${v.id}`] = (this.byRule[`${impact} ${v.id}`] ?? 0) + 1;
      const finding: AxeFinding = {
        screen,
        scheme,
        ...(width !== undefined ? { width } : {}),
        id: v.id,
        impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
          ),
      };
      this.findings.push(finding);
      if (SEVERE.has(impact)) severe.push(finding);
    }
    return severe;
  }

  write(): string {
    const path = join(RESULTS_DIR, 'axe.json');
    writeFileSync(
      path,
      JSON.stringify(
        { counts: this.counts, byRule: this.byRule, findings: this.findings },
        null,
        2,
      ),
    );
    return path;
  }
}

/** One line per finding, for an assertion message a reader can act on. */
export const describeFindings = (findings: AxeFinding[]): string =>
  findings
    .map(
      (f) =>
        `${f.screen} (${f.scheme}${f.width ? ` ${f.width} px` : ''}) ${f.impact} ${f.id}: ${f.help}\n    ${f.nodes.join('\n    ')}`,
    )
    .join('\n');
