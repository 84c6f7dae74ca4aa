import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,command-api,query-api,projectors,workers,frontend}/{src,server}/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
