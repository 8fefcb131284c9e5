import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

// The browser tests drive Debian's chromium. CI installs it and always runs them; elsewhere, without
// it, they are left out with one line saying how to run them, so `npm test` works right after `npm ci`.
const browser = fs.existsSync('/usr/bin/chromium') || Boolean(process.env.CI);
if (!browser)
  console.warn(
    "Skipping test/browser.*: Debian's chromium is not installed (apt-get install -y chromium, as root, to run them; CI always does).",
  );

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(browser ? [] : ['test/browser.*.test.ts'])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
