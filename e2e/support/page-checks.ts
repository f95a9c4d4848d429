import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings inside `selector` (the page's own content by default), as
 * "rule: target" lines, so a failing assertion says what and where.
 */
export async function seriousAxeViolations(page: Page, selector = 'main'): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Elements inside `selector` (the page's own content by default) that reach past the viewport's right edge,
 * which would make a phone scroll sideways; as "tag.class" names, empty when everything fits.
 */
export function overflowingElements(page: Page, selector = 'main'): Promise<string[]> {
  return page.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(`${root}, ${root} *`)]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`);
  }, selector);
}
