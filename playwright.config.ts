import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium headless shell (the old headless mode, as Playwright's own headless runs): Playwright's
 * browser downloads are unavailable here, and the full browser in its new headless mode took the suite 8.1 min
 * on 2 cores where the shell takes 6.5 (the same tests, 95 % CPU both).
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
  // A trace records every action's DOM and a screencast: a fifth of the suite's time on 2 cores (the swap, form
  // and message specs took 1.9 min with it, 1.5 min without). A failure keeps its screenshot and the error.
  trace: 'off' as const,
  screenshot: 'only-on-failure' as const,
};

/** Specs about the phone layout alone; the desktop project skips them. */
const MOBILE_ONLY = ['mobile.spec.ts'];
/** Specs of what a trader sees on both a desktop and a phone: both projects run them. */
const DESKTOP_AND_PHONE = '**/desktop-and-phone/*.spec.ts';
/**
 * Tests in those specs whose outcome no width or colour scheme can change (words the server chooses, read
 * from the same elements): the desktop runs them, the phone would only repeat them.
 */
const WIDTH_FREE = /@width-free/;

/**
 * End-to-end suites against a running production server. Without BASE_URL the global setup builds (if
 * needed) and starts one on a free port with a throwaway data folder, so a run never touches real data.
 */
export default defineConfig({
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  // The suites share one server and one rate-limit store; two workers keep the load predictable.
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  projects: [
    {
      name: 'api',
      testDir: 'e2e/api',
    },
    {
      name: 'ui',
      testDir: 'e2e/ui',
      testIgnore: MOBILE_ONLY,
      use: chromium,
    },
    {
      // A 390 px phone (iPhone 13's viewport, touch, mobile meta viewport) in the same Chromium, in dark
      // colours (the desktop runs light, so the axe checks cover both schemes). It runs the layout and
      // accessibility specs only: the trading flows behave the same and would double the run.
      name: 'mobile',
      testDir: 'e2e/ui',
      testMatch: [...MOBILE_ONLY, 'accessibility.spec.ts', DESKTOP_AND_PHONE],
      grepInvert: WIDTH_FREE,
      use: { ...devices['iPhone 13'], ...chromium, colorScheme: 'dark' },
    },
  ],
});
