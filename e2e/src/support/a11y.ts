import type { Page } from 'playwright-core';

/** axe's result shape, as much as the report needs. */
interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core in the page and returns its serious and critical findings, one line each (empty: none). */
export async function axeFindings(page: Page): Promise<string[]> {
  // let enter transitions (drawers, dialogs, fades) finish: half-faded text reads as a contrast failure
  await page.waitForTimeout(350);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: require.resolve('axe-core') });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  const path = new URL(page.url()).pathname;
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const where = v.nodes
        .slice(0, 5)
        .map((n) => n.target.map(String).join(' '))
        .join(' | ');
      const more = v.nodes.length > 5 ? ` (+${v.nodes.length - 5} more)` : '';
      return `${path}: ${v.id} [${v.impact}] ${v.help} -> ${where}${more} (${v.helpUrl})`;
    });
}

/** Fails on any serious or critical axe finding in the current page, listing them. */
export async function checkA11y(page: Page, label = ''): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length) {
    throw new Error(
      `Accessibility: ${findings.length} serious/critical finding(s)${label ? ` on ${label}` : ''}:\n  ${findings.join('\n  ')}`,
    );
  }
}
