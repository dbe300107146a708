import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'dist/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'lib/http/route-table.generated.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Imports point one way; the browser-side client may take only types from the server side.
    files: ['lib/client/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/lib/*',
                '!@/lib/client',
                '!@/lib/client/*',
                '!@/lib/cn',
                '!@/lib/i18n',
                '!@/lib/i18n/*',
              ],
              allowTypeImports: true,
              message: 'Browser code may import only types from server modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/lib/items/*',
                '@/lib/schema/*',
                '@/lib/system/*',
                '@/lib/auth/*',
                '@/app/*',
              ],
              message: 'lib/db is the bottom layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'scripts/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];

export default config;
