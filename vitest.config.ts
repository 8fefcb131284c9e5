import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The browser tests drive Debian's chromium headless shell, Lighthouse the full chromium. CI installs
// both and always runs them; elsewhere, without them, they are left out with one line saying how to
// run them, so `npm test` works right after `npm ci`.
const browser = fs.existsSync('/usr/bin/chromium-headless-shell') || Boolean(process.env.CI);
const lighthouseBrowser = fs.existsSync('/usr/bin/chromium') || Boolean(process.env.CI);
const browserTests = 'test/browser.*.test.ts';

// Four layers, all run by `npm test`: unit (modules imported directly, no build, no subprocess,
// no workerd, no chromium; `npm run test:unit`), integration (real builds, servers and workerd),
// browser (chromium through playwright-core) and consumer (the packed tarball). The outside
// checkers that time every page of a served site (judges) have their own command,
// `npm run test:judges`, and run alone, so a build in another file cannot starve the server they judge.
// Lighthouse drives the full chromium: left out where that is missing.
const lighthouseTest = 'test/lighthouse.agentic-browsing.test.ts';
const judgeTests = ['test/agent-friendly-docs.test.ts', lighthouseTest];
// The MCP load test counts the batches a server answers in 20 s under 100 and 150 clients: beside two
// other files on 2 cores, workerd answered 21 of 100 (92 alone). It runs with the judges, alone.
const loadTests = ['test/mcp.concurrent-batches.test.ts'];
// One folder per run for the builds test files share (test/helpers/shared-builds.ts); the forks
// that run the files inherit the variable.
process.env.AGENTDIR_TEST_BUILDS ??= fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-test-builds-'));

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/shared-builds-teardown.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most test files spend their time waiting: on a server or workerd starting, a child process, a
    // timeout under test. One file more than there are cores keeps the cores busy meanwhile (on 2
    // cores, `npm test` without the judges: 1,113 s one file at a time, 504 s three at once; four
    // at once gained nothing more, the cores being full).
    maxWorkers: os.availableParallelism() + 1,
    setupFiles: [
      'test/helpers/remove-temp-folders.ts',
      'test/helpers/readers-file.ts',
      'test/helpers/buffer-equality.ts',
    ],
    // With AGENTDIR_TEST_REPORT (CI sets it), each file's and test's duration also goes to that JSON
    // file: where the suite's time goes (`node scripts/test-durations.mjs <file>` lists the slowest).
    reporters: process.env.AGENTDIR_TEST_REPORT
      ? ['default', ['json', { outputFile: process.env.AGENTDIR_TEST_REPORT }]]
      : ['default'],
    projects: [
      {
        extends: true,
        // Unit tests restore whatever global they stub, so they share one module graph on threads:
        // 1.6 s for the layer instead of 8 s with a fresh process per file.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 5_000,
          pool: 'threads',
          isolate: false,
          unstubGlobals: true,
        },
      },
      // Integration files share a process per worker (isolate: false): each otherwise imports the
      // compiler, unified and miniflare again (140 s of import time over the run, 41 s shared). No
      // integration test mocks a module or stubs a global, and none leaves an environment variable
      // set (test/unit/test-isolation.test.ts).
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/*.test.ts'],
          exclude: [browserTests, ...judgeTests, ...loadTests],
          isolate: false,
        },
      },
      // Browser files share a process per worker too (test-isolation.test.ts checks them): 53 CPU-s for the
      // layer instead of 60 with a fresh process per file.
      ...(browser
        ? [{ extends: true as const, test: { name: 'browser', include: [browserTests], isolate: false } }]
        : []),
      // agentdir as users get it: the packed tarball in a fresh project, through npx, judged by real
      // wrangler (test/consumer/setup.ts packs and installs once per run).
      {
        extends: true,
        test: {
          name: 'consumer',
          include: ['test/consumer/**/*.test.ts'],
          globalSetup: ['test/consumer/setup.ts'],
          setupFiles: ['test/consumer/installed-project.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      // One judge at a time: afdocs and Lighthouse each time the pages of their own server, the load
      // test its servers' answers.
      {
        extends: true,
        test: {
          name: 'judges',
          include: [
            ...(lighthouseBrowser ? judgeTests : judgeTests.filter((file) => file !== lighthouseTest)),
            ...loadTests,
          ],
          fileParallelism: false,
        },
      },
    ],
  },
});

if (!browser) {
  console.warn(
    "Skipping test/browser.*: Debian's chromium headless shell is not installed (apt-get install -y chromium-headless-shell, as root, to run them; CI always does).",
  );
}
if (!lighthouseBrowser) {
  console.warn(
    "Skipping test/lighthouse.*: Debian's chromium is not installed (apt-get install -y chromium, as root, to run it; CI always does).",
  );
}
