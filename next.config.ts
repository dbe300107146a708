import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pg',
    'pino',
    'nodemailer',
    'isolated-vm',
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
