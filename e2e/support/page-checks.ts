import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings inside `selector` (the page's own content by default), as
 * "rule: target" lines, so a failing assertion says what and where. Colour contrast is a property of the
 * theme's colours (`app/globals.css`), checked page by page with the theme itself, so it is left out here.
 */
export async function seriousAxeViolations(page: Page, selector = 'main'): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).disableRules(['color-contrast']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Whether the page is wider than its viewport (something forces sideways scrolling). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
