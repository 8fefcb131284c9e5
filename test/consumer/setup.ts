import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { consumerTools, runCommand, succeed } from '../helpers/consumer.js';
import { repoRoot } from '../helpers/fixtures.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed agentdir tarball. */
    tarball: string;
    /** A fresh `npm init -y` project with the tarball installed, as the README's "In your own project" says. */
    project: string;
  }
}

/**
 * Once per run of the consumer layer: pack this repository (or take AGENTDIR_TARBALL, packed once
 * for the whole Node matrix), install the pinned consumer tools, and install the tarball into a
 * fresh project.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-consumer-'));
  let tarball = process.env.AGENTDIR_TARBALL ?? '';
  if (!tarball) {
    if (!fs.existsSync(path.join(repoRoot, 'lib', 'bundle', 'cli.js')))
      throw new Error('The consumer tests pack the compiled CLI: run `npm run compile` first (npm test does).');
    // lib/ is compiled already (npm test compiles first): packing need not run `prepare` again.
    const packed = await succeed(
      runCommand(repoRoot, 'npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work]),
      'npm pack',
    );
    tarball = path.join(work, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
  }
  if (!fs.existsSync(path.join(consumerTools, 'wrangler')))
    await succeed(
      runCommand(path.dirname(consumerTools), 'npm', ['ci', '--no-audit', '--no-fund']),
      'npm ci in consumer/',
    );

  const user = path.join(work, 'my-docs');
  fs.mkdirSync(user);
  await succeed(runCommand(user, 'npm', ['init', '-y']), 'npm init -y');
  await succeed(runCommand(user, 'npm', ['install', tarball, '--no-audit', '--no-fund']), 'npm install <tarball>');
  project.provide('tarball', tarball);
  project.provide('project', user);
  return () => fs.rmSync(work, { recursive: true, force: true, maxRetries: 3 });
}
