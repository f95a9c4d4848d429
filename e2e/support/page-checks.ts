import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** One violation as the checks read it: the rule, its impact and help, and the elements hit. */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string; html: string }[];
}

/**
 * axe-core's violations of any impact inside `selector` (the page's own content by default), as
 * "rule (impact): help" lines with the elements hit, so a failing assertion says what and where.
 *
 * axe runs in the page itself, its script evaluated once per document: AxeBuilder evaluates the 580 kB
 * script on every scan and finishes each in a second, blank page (for results across frames), which made a
 * scan several times the cost of axe's own checks (the API reference: 57 s a scan against 13 s on a busy
 * 2-core machine), and polling scans paid it every time. The rules, their options and the context are
 * AxeBuilder's; a page with frames (none of ours has one) still goes through AxeBuilder, so they are checked.
 */
export async function axeViolations(page: Page, selector = 'main'): Promise<string[]> {
  const violations = page.frames().length > 1 ? await axeBuilderViolations(page, selector) : await inPageViolations(page, selector);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1).join(' ') ?? ''} ${node.html.slice(0, 160)}`).join('\n')}`,
  );
}

async function inPageViolations(page: Page, selector: string): Promise<Violation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (include) => {
    const runner = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // Violations are all this reads: the passing and inapplicable checks are not listed node by node.
    const results = await runner.run({ include: [include] }, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary, html }) => ({ target, failureSummary, html })),
    }));
  }, selector);
}

async function axeBuilderViolations(page: Page, selector: string): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations;
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

/**
 * The page is no wider than the phone's screen: nothing to scroll sideways. A phone browser zooms a page
 * out to fit what overflows (its layout viewport grows past the screen), so both are held to the screen's
 * width; a failure names the elements that stick out.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const screenWidth = page.viewportSize()!.width;
  const layout = await page.evaluate(
    (width) => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      outside: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(-5)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`),
    }),
    screenWidth,
  );
  expect(screenWidth, 'the phone screen').toBeLessThanOrEqual(400);
  const message = `${what} is ${layout.scrollWidth} px wide (layout viewport ${layout.innerWidth} px) on a ${screenWidth} px screen; sticking out: ${layout.outside.join(', ')}`;
  expect(layout.innerWidth, message).toBe(screenWidth);
  expect(layout.scrollWidth, message).toBeLessThanOrEqual(screenWidth);
}
