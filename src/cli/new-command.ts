import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { readProjectSettings } from '../project/project-settings.js';
import { displayPath, packageRoot } from '../util/paths.js';

export const scaffoldDir = path.join(packageRoot, 'scaffold');

/** Thrown when the person at the terminal gives up (Ctrl-C, Ctrl-D): not an error of agentdir. */
class PromptClosed extends Error {}

async function ask(question: string, fallback: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  // Ctrl-D ends the input: readline then never answers, so the close itself ends the question.
  const closed = new Promise<never>((_, reject) => prompt.once('close', () => reject(new PromptClosed())));
  const controller = new AbortController();
  prompt.once('SIGINT', () => controller.abort());
  try {
    return (
      (
        await Promise.race([prompt.question(`${question} (${fallback}): `, { signal: controller.signal }), closed])
      ).trim() || fallback
    );
  } catch (error) {
    if (error instanceof PromptClosed || (error as Error).name === 'AbortError') throw new PromptClosed();
    throw error;
  } finally {
    prompt.close();
  }
}

const isSiteUrl = (url: string) => /^https?:\/\/[^/\s]+/.test(url);

function copyScaffold(from: string, to: string, replacements: Record<string, string>): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyScaffold(source, target, replacements);
    else
      fs.writeFileSync(
        target,
        Object.entries(replacements).reduce(
          (text, [key, value]) => text.replaceAll(key, value),
          fs.readFileSync(source, 'utf8'),
        ),
      );
  }
}

/** `agentdir new <dir>`: a directory that validates and builds with no edits. Asks for name and URL on a terminal. */
export async function newCommand(dir: string, options: { name?: string; url?: string }): Promise<number> {
  const target = path.resolve(dir);
  if (fs.existsSync(target) && fs.readdirSync(target).length) {
    process.stderr.write(
      `${dir} already exists and is not empty. Pick a new folder name, so nothing of yours is overwritten.\n`,
    );
    return 1;
  }
  const interactive = Boolean(process.stdin.isTTY) && (!options.name || !options.url);
  let name = options.name ?? 'My agent directory';
  let url = (options.url ?? 'https://example.com').replace(/\/+$/, '');
  if (interactive) {
    try {
      if (!options.name) name = await ask('Site name', name);
      // A URL that is not one is asked again, as a form would, rather than ending the command.
      while (!options.url) {
        url = (await ask('Site URL', 'https://example.com')).replace(/\/+$/, '');
        if (isSiteUrl(url)) break;
        process.stderr.write(
          `"${url}" is not an absolute http(s) URL; write it with its scheme, e.g. https://docs.example.com\n`,
        );
      }
    } catch (error) {
      if (!(error instanceof PromptClosed)) throw error;
      process.stderr.write('\nStopped: nothing was created.\n');
      return 130;
    }
  } else if (!options.name || !options.url) {
    process.stderr.write(
      `No terminal to ask on: using ${options.name ? '' : `the name "${name}"`}${!options.name && !options.url ? ' and ' : ''}${options.url ? '' : `the URL ${url}`}. Pass --name and --url to choose, or edit site.yaml.\n`,
    );
  }
  if (!isSiteUrl(url)) {
    process.stderr.write(`--url must be an absolute http(s) URL (got "${url}").\n`);
    return 1;
  }
  copyScaffold(scaffoldDir, target, {
    __NAME__: JSON.stringify(name).slice(1, -1),
    __URL__: url,
    __DIR__: path.relative(process.cwd(), target).split(path.sep).join('/') || '.',
  });
  process.stdout.write(
    `Created ${dir}: two resources (one premium), a guide cluster and a learning path.\nNext: npx agentdir build ${dir} && npx agentdir serve\n`,
  );
  // package.json is the user's file: say the line that names the folder once, rather than write it.
  const { file, values } = readProjectSettings();
  const relative = file && path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (file && values.content === undefined && relative && !relative.startsWith('../')) {
    process.stdout.write(
      `To have every command use ${dir} without naming it, add to ${displayPath(file)}: "agentdir": { "content": "${relative}" }\n`,
    );
  }
  return 0;
}
