import { publicEnvProblems } from './server/config/public-env.mjs';
import { SECURITY_HEADERS } from './server/http/security-headers.mjs';

const problems = publicEnvProblems(process.env);
if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);

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
  // Next inlines a NEXT_PUBLIC_ variable only when the build has it; an unset one stays a runtime lookup, and the
  // code behind it stays in the bundle. Given as '' when unset, the WalletConnect branch is dead code the build drops.
  env: { NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: process.env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID ?? '' },
  // The test run checks the same project with `tsc --noEmit` just before it builds (scripts/test-all.ts) and
  // sets this, so the build does not spend another minute checking it again. Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
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
