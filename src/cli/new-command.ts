import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { packageRoot } from '../util/paths.js';

export const scaffoldDir = path.join(packageRoot, 'scaffold');

async function ask(question: string, fallback: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question(`${question} (${fallback}): `)).trim() || fallback;
  } finally {
    prompt.close();
  }
}

function copyScaffold(from: string, to: string, replacements: Record<string, string>): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyScaffold(source, target, replacements);
    else fs.writeFileSync(target, Object.entries(replacements).reduce((text, [key, value]) => text.replaceAll(key, value), fs.readFileSync(source, 'utf8')));
  }
}

/** `agentdir new <dir>`: a directory that validates and builds with no edits. Asks for name and URL on a terminal. */
export async function newCommand(dir: string, options: { name?: string; url?: string }): Promise<number> {
  const target = path.resolve(dir);
  if (fs.existsSync(target) && fs.readdirSync(target).length) {
    process.stderr.write(`${dir} already exists and is not empty. Pick a new folder name, so nothing of yours is overwritten.\n`);
    return 1;
  }
  const interactive = Boolean(process.stdin.isTTY) && (!options.name || !options.url);
  const name = options.name ?? (interactive ? await ask('Site name', 'My agent directory') : 'My agent directory');
  const url = (options.url ?? (interactive ? await ask('Site URL', 'https://example.com') : 'https://example.com')).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(url)) {
    process.stderr.write(`--url must be an absolute http(s) URL (got "${url}").\n`);
    return 1;
  }
  copyScaffold(scaffoldDir, target, { __NAME__: JSON.stringify(name).slice(1, -1), __URL__: url });
  process.stdout.write(`Created ${dir}: two resources (one premium), a guide cluster and a learning path.\nNext: npx agentdir build ${dir} && npx agentdir serve\n`);
  return 0;
}
