import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/**
 * axe-core's violations of any impact inside `selector` (the page's own content by default), as
 * "rule (impact): help" lines with the elements hit, so a failing assertion says what and where.
 */
export async function axeViolations(page: Page, selector = 'main'): Promise<string[]> {
  // Violations are all this reads: the passing and inapplicable checks are not listed node by node.
  const results = await new AxeBuilder({ page })
    .include(selector)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1).join(' ') ?? ''} ${node.html.slice(0, 160)}`).join('\n')}`,
  );
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
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
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
