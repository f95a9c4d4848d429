import { SECURITY_HEADERS } from './server/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite and tiny-secp256k1 load their WebAssembly (and PGlite its data files) from their own package
  // folders; pg and prom-client use Node internals. They run as plain Node modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'tiny-secp256k1', 'pg', 'prom-client'],
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
