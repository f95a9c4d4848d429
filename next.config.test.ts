import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import nextConfig from './next.config.mjs';

/**
 * Next's development server refuses its own resources (`/_next/*`: chunks, the HMR socket) to any origin
 * that is neither localhost nor in `allowedDevOrigins`. These run Next's own guard on the requests a page
 * opened at http://127.0.0.1:3000 makes, with this app's configuration.
 */
const require = createRequire(import.meta.url);
const { blockCrossSiteDEV } = require('next/dist/server/lib/router-utils/block-cross-site-dev.js') as {
  blockCrossSiteDEV(
    req: Pick<IncomingMessage, 'url' | 'headers'>,
    res: Pick<ServerResponse, 'end'> & { statusCode: number },
    allowed: string[] | undefined,
    hostname: string | undefined,
  ): boolean;
};

function blocked(url: string, headers: Record<string, string>, allowed: string[] | undefined): boolean {
  const response = { statusCode: 200, end: () => response };
  // `npm run dev` starts next without a hostname, so the guard knows only the configured origins.
  return blockCrossSiteDEV({ url, headers }, response as never, allowed, undefined);
}

const PAGE_AT_LOOPBACK = { origin: 'http://127.0.0.1:3000', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' };
const HMR = { origin: 'http://127.0.0.1:3000', upgrade: 'websocket' };

describe('development origins', () => {
  it("lets a page at 127.0.0.1 load the dev server's chunks and open its HMR socket", () => {
    expect(blocked('/_next/static/chunks/main-app.js', PAGE_AT_LOOPBACK, nextConfig.allowedDevOrigins)).toBe(false);
    expect(blocked('/_next/webpack-hmr?id=1', HMR, nextConfig.allowedDevOrigins)).toBe(false);
    expect(blocked('/__nextjs_original-stack-frames', PAGE_AT_LOOPBACK, nextConfig.allowedDevOrigins)).toBe(false);
  });

  it('is what makes the difference: Next alone refuses 127.0.0.1 and still refuses other sites', () => {
    expect(blocked('/_next/static/chunks/main-app.js', PAGE_AT_LOOPBACK, undefined)).toBe(true);
    expect(blocked('/_next/webpack-hmr?id=1', HMR, undefined)).toBe(true);
    const elsewhere = { origin: 'http://evil.example', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' };
    expect(blocked('/_next/static/chunks/main-app.js', elsewhere, nextConfig.allowedDevOrigins)).toBe(true);
  });
});
