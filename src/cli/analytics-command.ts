import fs from 'node:fs';
import path from 'node:path';
import { reportCsv } from '../analytics/report-csv.js';
import { readersReportHtml } from '../analytics/report-html.js';
import { sinceInstant } from '../analytics/since.js';
import { databaseRunner, type QueryRunner, readersReport } from '../analytics/report-queries.js';
import { type ReportSectionName, summarySectionNames } from '../analytics/report-sections.js';
import { reportTable } from '../analytics/report-table.js';
import { terminalJson } from '../analytics/terminal-text.js';
import {
  analyticsFlag,
  userWrangler,
  type WranglerCommand,
  WranglerError,
  wranglerRunner,
} from '../analytics/wrangler-runner.js';
import { projectFolders } from '../project/project-folders.js';
import { displayPath } from '../util/paths.js';
import { readersDatabasePath } from '../serve/readers-database.js';
import { objectOrEmpty } from '../shared/json-shapes.js';

export interface AnalyticsCommandOptions {
  since: string;
  format: 'table' | 'json' | 'csv';
  section?: ReportSectionName;
  remote?: boolean;
  local?: boolean;
  /** Read the local D1 database `wrangler dev` records into, as `--remote` reads the deployed one. */
  wranglerLocal?: boolean;
  database?: string;
  dist?: string;
  /** Also draw the report as a self-contained HTML page into this file. */
  html?: string;
}

/** `agentdir analytics`: who read the site, from the local readers file or the deployed D1 database. */
export async function analyticsCommand(options: AnalyticsCommandOptions): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`${message}\n`);
    return 1;
  };
  const now = Date.now();
  const since = sinceInstant(options.since, now);
  if (since === null)
    return fail(
      `\`--since ${options.since}\` is not a period agentdir reads. Give a duration back from now (\`24h\`, \`7d\`, \`4w\`) or a past ISO date (\`2026-03-01\`).`,
    );
  if (options.section && options.format === 'json')
    return fail(
      '`--section` picks the table to print with `--format csv` or `table`; JSON always holds the whole report.',
    );
  const period = { since: new Date(since).toISOString(), until: new Date(now).toISOString() };

  const source = options.remote
    ? wranglerSource(options, '--remote')
    : options.wranglerLocal
      ? wranglerSource(options, '--local')
      : localSource(options);
  if ('problem' in source) return fail(source.problem);
  try {
    const report = await readersReport(source.run, period);
    if (options.html) {
      const file = path.resolve(options.html);
      fs.writeFileSync(file, readersReportHtml(report, { ...builtSite(options), generatedAt: new Date(now) }));
      process.stderr.write(`Wrote the HTML report to ${displayPath(file)}.\n`);
      return 0;
    }
    if (options.format === 'json') process.stdout.write(`${terminalJson(report)}\n`);
    else if (options.format === 'csv') process.stdout.write(reportCsv(report, options.section ?? 'agents'));
    else process.stdout.write(reportTable(report, options.section ? [options.section] : summarySectionNames));
    return 0;
  } catch (error) {
    if (error instanceof WranglerError) return fail(error.message);
    if (source.unreadable) return fail(source.unreadable(error));
    throw error;
  } finally {
    await source.done();
  }
}

/** The site's name and address, from the build the report is about (its worker data), for the page's title. */
function builtSite(options: AnalyticsCommandOptions): { siteName: string; siteUrl: string } {
  const folders = projectFolders({ out: options.dist }, { needsContent: false });
  try {
    if (!folders.ok) throw new Error('no build folder');
    const data = objectOrEmpty(
      JSON.parse(fs.readFileSync(path.join(folders.outDir, 'worker', 'data', 'worker-data.json'), 'utf8')),
    );
    const { name, url } = objectOrEmpty(data.site);
    if (typeof name === 'string' && typeof url === 'string') return { siteName: name, siteUrl: url };
  } catch {
    // No build at hand: the page still reads well without the site's name.
  }
  return { siteName: 'this site', siteUrl: '' };
}

interface Source {
  run: QueryRunner;
  done(): Promise<void>;
  /** The message for an error reading a local file. */
  unreadable?: (error: unknown) => string;
}

function localSource(options: AnalyticsCommandOptions): Source | { problem: string } {
  const file = readersDatabasePath(options.database);
  const shown = displayPath(file);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    return {
      problem: `No readers database at ${shown} yet: \`agentdir serve\` records its readers there as it answers. Serve the site (or pass \`--database <file>\`), or deploy with analytics on and run \`agentdir analytics --remote\`.`,
    };
  const database = import('../serve/readers-database.js').then(({ openReadersDatabase }) => openReadersDatabase(file));
  return {
    run: async (sql, instants) => databaseRunner(await database)(sql, instants),
    done: async () => (await database).close(),
    unreadable: (error) =>
      `${shown} cannot be read as a readers database (${(error as Error).message}). Check that it is the file \`agentdir serve\` writes, or pass another with \`--database <file>\`.`,
  };
}

/** The D1 database through the user's wrangler: the deployed one (`--remote`), or the one `wrangler dev` keeps (`--local`). */
function wranglerSource(
  options: AnalyticsCommandOptions,
  location: WranglerCommand['location'],
): Source | { problem: string } {
  const folders = projectFolders({ out: options.dist }, { needsContent: false });
  if (!folders.ok) return { problem: folders.problems.map((problem) => problem.message).join('\n') };
  const dist = path.resolve(folders.outDir);
  const which = location === '--remote' ? 'the deployed database' : 'the database `wrangler dev` keeps';
  if (!['wrangler.jsonc', 'wrangler.json', 'wrangler.toml'].some((name) => fs.existsSync(path.join(dist, name))))
    return {
      problem: `No wrangler.jsonc in ${displayPath(dist)}: \`${analyticsFlag(location)}\` asks ${which} through the build's wrangler settings. Run \`agentdir build\` first, or pass the build folder with \`--dist <folder>\`.`,
    };
  process.stderr.write(`Reading ${which} (wrangler d1 execute AGENTDIR_DB ${location})...\n`);
  return { run: wranglerRunner(userWrangler(dist, location)), done: async () => {} };
}
