/**
 * Headers every response carries, pages and API alike: Next's `headers()` config sets them on what Next
 * serves, and the production server's API path sets them itself.
 */
import { isProductionBuild } from '../config/public-env.mjs';

const production = isProductionBuild();

/**
 * Content-Security-Policy of every response.
 * - Scripts: only this origin. 'unsafe-inline' stays because Next's App Router writes its bootstrap and
 *   flight data as inline scripts; a per-request nonce would remove it but needs every page rendered with
 *   that nonce. The policy still stops scripts from other origins, plugins, framing and foreign form posts.
 *   Wallet extensions run their content scripts outside the page's policy.
 * - 'unsafe-eval' only under `next dev`, whose React and HMR runtime evaluate code; the built app needs none.
 * - Styles: inline allowed (React style props, Next's font and the API reference's Vue-rendered styles).
 * - connect-src 'self': the browser talks to nothing but this server (wallet RPC goes through the wallet).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${production ? '' : ' ws: wss:'}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Browser features no page here uses; a script injected into a page cannot ask for them either. */
const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'browsing-topics=()',
].join(', ');

/** @type {{ key: string; value: string }[]} */
export const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: permissionsPolicy },
  // allow-popups: a wallet that opens its own window (a connect or signing popup) keeps working.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  // Browsers honour it on HTTPS only; a local http server is unaffected. Off under `next dev`, so a
  // developer's localhost is never pinned to HTTPS.
  ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
];
