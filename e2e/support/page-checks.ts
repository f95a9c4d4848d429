import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

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

/** A full-page screenshot, attached to the test's report. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Script errors and console errors (React reports hydration mismatches there) both fail a test; `allowed` console errors excepted. */
export function collectPageErrors(page: Page, allowed: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(`console: ${message.text()}`);
  });
  return errors;
}
