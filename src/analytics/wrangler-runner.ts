// Report queries through the user's own wrangler: `wrangler d1 execute AGENTDIR_DB --remote --json`
// in the build folder (which holds wrangler.jsonc), or `--local` for the copy `wrangler dev` records
// into. wrangler cannot bind parameters, so each query's two instants are inlined as checked
// integers (inlineInstants); nothing else is ever written into the SQL. The queries of one report go
// in one call: each call costs wrangler's start and a login.

import { execFile } from 'node:child_process';
import { isObject, objectOrEmpty } from '../shared/json-shapes.js';
import { inlineInstants, type QueryRunner, type Row } from './report-queries.js';

export interface WranglerCommand {
  /** The program and the arguments before `d1` (by default `npx --no-install wrangler`). */
  command: string;
  args: string[];
  /** The folder holding wrangler.jsonc. */
  cwd: string;
  /** `--remote` for the deployed database; `--local` for wrangler's own local copy. */
  location: '--remote' | '--local';
  env?: NodeJS.ProcessEnv;
}

/** What went wrong running wrangler, said so a person can act on it. */
export class WranglerError extends Error {
  override name = 'WranglerError';
}

export const userWrangler = (cwd: string, location: WranglerCommand['location'] = '--remote'): WranglerCommand => ({
  command: process.platform === 'win32' ? 'npx.cmd' : 'npx',
  args: ['--no-install', 'wrangler'],
  cwd,
  location,
});

/** The `agentdir analytics` flag that reads the database at `location`, for hints that say to run it again. */
export function analyticsFlag(location: WranglerCommand['location']): string {
  return location === '--remote' ? '--remote' : '--wrangler-local';
}

interface Pending {
  sql: string;
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

export function wranglerRunner(wrangler: WranglerCommand): QueryRunner {
  let pending: Pending[] = [];
  const send = async () => {
    const sent = pending;
    pending = [];
    try {
      const results = await execute(
        wrangler,
        sent.map((query) => query.sql),
      );
      for (const [index, query] of sent.entries()) query.resolve(results[index]!);
    } catch (error) {
      for (const query of sent) query.reject(error);
    }
  };
  return (sql, instants) =>
    new Promise((resolve, reject) => {
      const inlined = inlineInstants(sql, instants);
      if (!pending.length) setImmediate(() => void send());
      pending.push({ sql: inlined, resolve, reject });
    });
}

async function execute(wrangler: WranglerCommand, statements: string[]): Promise<Row[][]> {
  const args = [
    ...wrangler.args,
    'd1',
    'execute',
    'AGENTDIR_DB',
    wrangler.location,
    '--json',
    '--command',
    statements.join(';\n'),
  ];
  const { code, stdout, stderr, missing } = await run(wrangler, args);
  if (missing)
    throw new WranglerError(
      `\`${wrangler.command}\` was not found, so wrangler cannot run. Install Node.js with npm, then \`npm install --save-dev wrangler\` in your project.`,
    );
  const parsed = parseJson(stdout);
  if (code === 0 && Array.isArray(parsed) && parsed.length === statements.length) {
    const rows = parsed.map(resultRows);
    if (rows.every((table) => table !== null)) return rows;
    throw new WranglerError(
      `\`wrangler d1 execute AGENTDIR_DB\` printed JSON agentdir cannot read: it expects one result per query, each with a \`results\` list of rows. Update wrangler (\`npm install --save-dev wrangler@latest\`), then run \`agentdir analytics ${analyticsFlag(wrangler.location)}\` again.`,
    );
  }
  const said = objectOrEmpty(objectOrEmpty(parsed).error).text;
  throw new WranglerError(wranglerProblem(typeof said === 'string' ? said : stderr, wrangler.location));
}

/** The rows of one query's result as `d1 execute --json` prints it (none when it has no `results`); null for another shape. */
function resultRows(result: unknown): Row[] | null {
  if (!isObject(result)) return null;
  const rows = result.results ?? [];
  return Array.isArray(rows) && rows.every(isObject) ? rows : null;
}

function wranglerProblem(said: string, location: WranglerCommand['location']): string {
  const text = said.trim();
  const again = `run \`agentdir analytics ${analyticsFlag(location)}\` again`;
  if (/could not determine executable|wrangler: not found|command not found|E404/i.test(text))
    return `wrangler is not installed in this project. Install it with \`npm install --save-dev wrangler\`, then ${again}.`;
  if (/CLOUDFLARE_API_TOKEN|not logged in|wrangler login|authenticat/i.test(text))
    return `wrangler is not logged in to Cloudflare. Run \`npx wrangler login\` (or set \`CLOUDFLARE_API_TOKEN\`), then ${again}.`;
  if (/AGENTDIR_DB/.test(text) && /find|binding|configured/i.test(text))
    return `The build has no D1 database bound as \`AGENTDIR_DB\`. Turn analytics on in site.yaml, build${location === '--remote' ? ' and deploy' : ''}, then ${again}.`;
  // A deploy (or `wrangler dev`) before `migrations apply`: the database exists, its tables do not.
  if (/no such table: reader_/i.test(text))
    return `The readers database has no tables yet: its migrations were never applied. Run \`npx wrangler d1 migrations apply AGENTDIR_DB ${location}\` in the build folder, then ${again}.`;
  // An upgrade that added a migration, deployed before `migrations apply` ran again.
  if (/no such table: payments/i.test(text))
    return `The readers database has no payments ledger yet: an upgrade of agentdir added a migration that was not applied. Run \`npx wrangler d1 migrations apply AGENTDIR_DB ${location}\` in the build folder, then ${again}.`;
  const firstLines = text.split('\n').slice(0, 3).join('\n');
  return `\`wrangler d1 execute AGENTDIR_DB\` failed${firstLines ? `:\n${firstLines}` : ' without saying why.'}`;
}

function run(
  wrangler: WranglerCommand,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    const child = execFile(
      wrangler.command,
      args,
      {
        cwd: wrangler.cwd,
        env: { ...(wrangler.env ?? process.env), NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false' },
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, missing: (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' });
      },
    );
    // Never wait on a question (a login prompt, an install prompt): wrangler reads no input here.
    child.stdin?.end();
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
