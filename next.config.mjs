import { buildEnv } from './server/config/public-env.mjs';
import { SECURITY_HEADERS } from './server/http/security-headers.mjs';

// Validated once, here: a bad variable fails the build. The server's own settings are validated when it starts
// (instrumentation.ts, scripts/start.ts), against the environment it runs in, which the build does not see.
const { publicEnv, typesChecked } = buildEnv();

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite and tiny-secp256k1 load their WebAssembly (and PGlite its data files) from their own package
  // folders; pg and prom-client use Node internals. They run as plain Node modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'tiny-secp256k1', 'pg', 'prom-client'],
  poweredByHeader: false,
  // The development server serves its own scripts and HMR socket only to the origins listed here (and
  // localhost); without 127.0.0.1 a page opened at http://127.0.0.1:3000 never becomes interactive.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  reactStrictMode: true,
  // Next inlines a NEXT_PUBLIC_ variable only when the build has it (buildEnv gives '' for one unset).
  env: publicEnv,
  // The test run checks the same project with `tsc --noEmit` just before it builds (scripts/test-all.ts) and
  // sets this, so the build does not spend another minute checking it again. Every other build checks types.
  typescript: { ignoreBuildErrors: typesChecked },
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
