import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { consumerTools, runCommand, succeed } from '../helpers/consumer.js';
import { readJson, repoRoot } from '../helpers/fixtures.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed agentdir tarball. */
    tarball: string;
    /** A fresh `npm init -y` project with the tarball installed, as the README's "In your own project" says. */
    project: string;
    /** The file that says when the project is ready, or why it could not be made (installed-project.ts waits for it). */
    installed: string;
  }
}

/** What the install left in the `installed` file. */
export type InstallOutcome = { ok: true } | { ok: false; error: string };

/**
 * Packs this repository (or takes AGENTDIR_TARBALL, packed once for the whole Node matrix), installs
 * the pinned consumer tools, and installs the tarball into `user`, a fresh project.
 */
async function install(user: string, tarball: string, pack: boolean): Promise<void> {
  if (pack) {
    if (!fs.existsSync(path.join(repoRoot, 'lib', 'bundle', 'cli.js')))
      throw new Error('The consumer tests pack the compiled CLI: run `npm run compile` first (npm test does).');
    // lib/ is compiled already (npm test compiles first): packing need not run `prepare` again.
    await succeed(
      runCommand(repoRoot, 'npm', ['pack', '--ignore-scripts', '--pack-destination', path.dirname(tarball)]),
      'npm pack',
    );
  }
  if (!fs.existsSync(path.join(consumerTools, 'wrangler')))
    await succeed(
      runCommand(path.dirname(consumerTools), 'npm', ['ci', '--no-audit', '--no-fund']),
      'npm ci in consumer/',
    );
  fs.mkdirSync(user);
  await succeed(runCommand(user, 'npm', ['init', '-y']), 'npm init -y');
  await succeed(runCommand(user, 'npm', ['install', tarball, '--no-audit', '--no-fund']), 'npm install <tarball>');
}

/**
 * Once per run of the consumer layer: starts making the user's project and returns at once, so the
 * other layers' files run meanwhile (packing and installing take some 12 s, mostly waiting on npm).
 * Each consumer file waits for it before it starts (installed-project.ts).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-consumer-'));
  // Named as npm pack names it, so it is known before the pack is made.
  const { name, version } = readJson<{ name: string; version: string }>(path.join(repoRoot, 'package.json'));
  const tarball = process.env.AGENTDIR_TARBALL ?? path.join(work, `${name}-${version}.tgz`);
  const user = path.join(work, 'my-docs');
  const installed = path.join(work, 'installed.json');
  // Written whole, then renamed into place: a file waiting for it never reads half of it.
  const outcome = (value: InstallOutcome) => {
    fs.writeFileSync(`${installed}.partial`, JSON.stringify(value));
    fs.renameSync(`${installed}.partial`, installed);
  };
  const done = install(user, tarball, !process.env.AGENTDIR_TARBALL).then(
    () => outcome({ ok: true }),
    (error: unknown) => outcome({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
  project.provide('tarball', tarball);
  project.provide('project', user);
  project.provide('installed', installed);
  return async () => {
    await done;
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  };
}
