import { Command, Option } from 'commander';
import { compilerVersion } from '../util/version.js';
import { keysCommand } from './keys-command.js';
import { reportSectionNames } from '../analytics/report-sections.js';
import { problemFormats } from '../errors/format.js';
import type { AnalyticsCommandOptions } from './analytics-command.js';
import type { BuildCommandOptions } from './build-command.js';
import type { ServeCommandOptions } from './serve-command.js';
import type { ValidateCommandOptions } from './validate-command.js';

/** Runs the CLI and resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  await createProgram((code) => {
    exitCode = code;
  }).parseAsync(argv);
  return exitCode;
}

/**
 * The commander program: every command, argument and option the CLI has. Each action reports its
 * exit code through `setExitCode`; the modules behind the commands load only when one runs.
 */
export function createProgram(setExitCode: (code: number) => void): Command {
  const program = new Command()
    .name('agentdir')
    .description(
      'Compile a content directory of Markdown resources and guides into an agent-ready static site and a tiny gated worker.',
    )
    .version(compilerVersion, '-v, --version')
    // commander's own `-V` still works, for scripts written against it.
    .addOption(new Option('-V').hideHelp())
    .showHelpAfterError();
  program.on('option:V', () => {
    process.stdout.write(`${compilerVersion}\n`);
    process.exit(0);
  });

  program
    .command('validate')
    .description('Check every content file against its schema and the cross-file rules; exit 1 on errors.')
    .argument('[contentDir]', 'the content folder (default: agentdir.content in package.json, else content)')
    .addOption(new Option('--format <format>', 'output format').choices(problemFormats).default('human'))
    .option('--base-url <url>', 'check links against this base URL instead of site.yaml `url`')
    .option('--quiet', 'print nothing but problems')
    .option(
      '--cache-dir <dir>',
      'where parse results persist between runs (shared with build)',
      'node_modules/.cache/agentdir',
    )
    .option('--no-cache', 'parse every document again, without reading or writing the cache')
    .option('--timings', 'print the time each phase took and how many documents came from the cache')
    .action(async (contentDir: string | undefined, options: ValidateCommandOptions) => {
      setExitCode(await (await import('./validate-command.js')).validateCommand(contentDir, options));
    });

  program
    .command('build')
    .description('Validate, then write every static output to <out>/public and the worker data to <out>/worker.')
    .argument('[contentDir]', 'the content folder (default: agentdir.content in package.json, else content)')
    .option('--out <dir>', 'output folder, replaced atomically (default: agentdir.out in package.json, else dist)')
    .option('--base-url <url>', 'absolute base URL of the deployed site (overrides site.yaml `url`)')
    .addOption(new Option('--format <format>', 'format of content problems').choices(problemFormats).default('human'))
    .option('--quiet', 'print nothing but problems')
    .option('--cache-dir <dir>', 'where parse results persist between builds', 'node_modules/.cache/agentdir')
    .option('--no-cache', 'parse every document again, without reading or writing the cache')
    .option('--timings', 'print the time each build phase took')
    .option('--json', 'print a machine-readable summary: counts, sizes, worker size, grade, problems, time per phase')
    .action(async (contentDir: string | undefined, options: BuildCommandOptions) => {
      setExitCode(await (await import('./build-command.js')).buildCommand(contentDir, options));
    });

  program
    .command('new')
    .description('Create a new content directory that validates and builds as it is.')
    .argument('<dir>', 'folder to create')
    .option('--name <name>', 'site name (asked on a terminal when missing)')
    .option('--url <url>', 'site URL (asked on a terminal when missing)')
    .action(async (dir: string, options: { name?: string; url?: string }) => {
      setExitCode(await (await import('./new-command.js')).newCommand(dir, options));
    });

  program.addCommand(keysCommand(setExitCode));

  program
    .command('serve')
    .description('Serve a build: static files from <dist>/public, the gated routes through <dist>/worker/worker.js.')
    .argument('[dist]', 'the build output folder (default: agentdir.out in package.json, else dist)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8787')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--env-file <file>', 'worker environment (KEY=value lines), e.g. X402_PAY_TO')
    .option(
      '--keys-file <file>',
      'key file (default: $AGENTDIR_KEYS_FILE or .agentdir/keys.json); re-read when it changes',
    )
    .option('--watch', 'rebuild on changes to content, templates or schemas and reload open pages')
    .option(
      '--content <dir>',
      'the content folder to watch and build (with --watch; default: agentdir.content in package.json, else content)',
    )
    .option('--base-url <url>', 'base URL for watch-mode rebuilds (overrides site.yaml `url`)')
    .action(async (dist: string | undefined, options: ServeCommandOptions) => {
      setExitCode(await (await import('./serve-command.js')).serveCommand(dist, options));
    });

  program
    .command('grade')
    .description(
      'Score a site (URL) or a built folder (dist/public) for agent readiness: robots.txt, llms.txt, sitemap, homepage metadata, RSL license, Markdown variants.',
    )
    .argument('<target>', 'https://site or a folder such as dist/public')
    .addOption(new Option('--format <format>', 'output format').choices(['human', 'json']).default('human'))
    .option('--allow-private', 'allow loopback and private addresses (to grade a server on your own machine)')
    .option('--min-score <n>', 'exit 1 when the score is below n (for CI)')
    .action(
      async (target: string, options: { format: 'human' | 'json'; allowPrivate?: boolean; minScore?: string }) => {
        setExitCode(await (await import('./grade-command.js')).gradeCommand(target, options));
      },
    );

  program
    .command('analytics')
    .description(
      'Report who read the site: agents (verified or not), formats, pages, MCP tools, empty searches, 402s and payments, feedback.',
    )
    .option('--since <when>', 'start of the period: 24h, 7d, 4w, or an ISO date such as 2026-03-01', '7d')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
    .addOption(
      new Option('--section <name>', 'one table of the report (CSV prints one table: agents unless named)').choices(
        reportSectionNames,
      ),
    )
    .addOption(
      new Option('--local', 'read the file `agentdir serve` records into (the default)').conflicts([
        'remote',
        'wranglerLocal',
      ]),
    )
    .addOption(
      new Option('--remote', 'read the deployed D1 database through your wrangler').conflicts([
        'local',
        'wranglerLocal',
      ]),
    )
    .addOption(
      new Option(
        '--wrangler-local',
        'read the local D1 database `wrangler dev` records into, through your wrangler',
      ).conflicts(['local', 'remote']),
    )
    .option('--database <file>', 'the local readers file (default: .agentdir/readers.sqlite)')
    .option('--html <file>', 'draw the report as a self-contained HTML page into <file> instead of printing it')
    .option(
      '--dist <folder>',
      'with --remote or --wrangler-local: the build folder holding wrangler.jsonc (default: agentdir.out, else dist)',
    )
    .action(async (options: AnalyticsCommandOptions) => {
      setExitCode(await (await import('./analytics-command.js')).analyticsCommand(options));
    });

  return program;
}
