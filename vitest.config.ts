import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The frontend's own alias, for React component tests (they pick jsdom with a `@vitest-environment` line).
  resolve: { alias: { '@': fileURLToPath(new URL('./frontend/src', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          // Most files wait on PostgreSQL, Redis or a child process: two at a time on two cores (vitest's default
          // there is one). Not more: each file's shop holds up to three pools of ten connections, and PostgreSQL
          // here allows 100 (three files beside a browser journey's shop ran out of them once).
          maxWorkers: 2,
          include: [
            '{shared/contracts,shared/platform,command-api,query-api,projectors,workers,frontend}/{src,server}/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        // Browser journeys: a built frontend and Chromium at /usr/bin/chromium (npm test provides both).
        extends: true,
        test: {
          name: 'browser',
          include: ['frontend/e2e/**/*.e2e.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
