import { SECURITY_HEADERS } from './server/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder; pg and prom-client use
  // Node internals. They run as plain Node modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'prom-client'],
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: SECURITY_HEADERS,
      },
    ];
  },
};

export default nextConfig;
