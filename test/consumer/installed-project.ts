import fs from 'node:fs';
import { inject } from 'vitest';
import type { InstallOutcome } from './setup.js';

// Set up for every consumer file: waits until the run's project is installed (setup.ts makes it
// while other files run), and fails the file with the install's own error when it could not be.

const installed = inject('installed');
const deadline = Date.now() + 300_000;
while (!fs.existsSync(installed)) {
  if (Date.now() > deadline) throw new Error(`The consumer project was not installed after 300 s (${installed}).`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const outcome = JSON.parse(fs.readFileSync(installed, 'utf8')) as InstallOutcome;
if (!outcome.ok) throw new Error(`The consumer project could not be installed: ${outcome.error}`);
