import { Command, Option } from 'commander';
import { compilerVersion } from '../util/version.js';
import { buildCommand } from './build-command.js';
import { validateCommand } from './validate-command.js';
import { problemFormats } from '../errors/format.js';

/** Runs the CLI and resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('agentdir')
    .description('Compile a content directory of Markdown resources and guides into an agent-ready static site and a tiny gated worker.')
    .version(compilerVersion)
    .showHelpAfterError();

  program
    .command('validate')
    .description('Check every content file against its schema and the cross-file rules; exit 1 on errors.')
    .argument('[contentDir]', 'the content folder', 'content')
    .addOption(new Option('--format <format>', 'output format').choices(problemFormats).default('human'))
    .option('--base-url <url>', 'check links against this base URL instead of site.yaml `url`')
    .action(async (contentDir: string, options: { format: (typeof problemFormats)[number]; baseUrl?: string }) => {
      exitCode = await validateCommand(contentDir, options);
    });

  program
    .command('build')
    .description('Validate, then write every static output to <out>/public and the worker data to <out>/worker.')
    .argument('[contentDir]', 'the content folder', 'content')
    .option('--out <dir>', 'output folder (replaced atomically)', 'dist')
    .option('--base-url <url>', 'absolute base URL of the deployed site (overrides site.yaml `url`)')
    .addOption(new Option('--format <format>', 'format of content problems').choices(problemFormats).default('human'))
    .option('--quiet', 'print nothing but problems')
    .action(async (contentDir: string, options: { out: string; baseUrl?: string; format: (typeof problemFormats)[number]; quiet?: boolean }) => {
      exitCode = await buildCommand(contentDir, options);
    });

  await program.parseAsync(argv);
  return exitCode;
}
