import { plural } from '../util/text.js';
import { Command, Option } from 'commander';
import { emptyExportError } from '../keys/empty-export.js';
import { exportKv, exportSecret, KeyFileError, newKey, readKeyFile } from '../keys/key-file.js';
import { locateKeyFile } from '../keys/key-file-location.js';
import { removeStaleTemporaries } from '../keys/key-file-temporary.js';
import { ignoreKeyFileInGit } from '../keys/ignore-key-file.js';
import { missingKeyFileError } from '../keys/missing-key-file.js';
import { updateKeyFile } from '../keys/update-key-file.js';
import { keyTiers, type KeyTier } from '../shared/key-hash.js';
import { displayPath } from '../util/paths.js';

const today = () => new Date().toISOString().slice(0, 10);

/** The key file for a command that needs one to exist: only `create` may start a new file. */
function existingKeyFile(flag: string | undefined, command: string): string {
  const location = locateKeyFile(flag);
  if (!location.exists) throw missingKeyFileError(location, command);
  // What a killed `keys create` or `keys revoke` left beside it goes, whatever this command does.
  removeStaleTemporaries(location.file);
  return location.file;
}

/** `agentdir keys`: create, list, revoke and export access keys. Keys are printed once and stored only as hashes. */
export function keysCommand(setExitCode: (code: number) => void): Command {
  const keys = new Command('keys').description(
    'Manage access keys (stored as SHA-256 hashes in a key file outside dist/).',
  );
  const fileOption = () =>
    new Option(
      '--file <path>',
      'key file (default: $AGENTDIR_KEYS_FILE, else the nearest .agentdir/keys.json here or above, up to the project root)',
    );
  const guard = (action: () => Promise<void> | void) => async () => {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof KeyFileError)) throw error;
      process.stderr.write(`${error.message}\n`);
      setExitCode(1);
    }
  };

  keys
    .command('create')
    .description('Create a key and print it once; only its hash is stored.')
    .addOption(new Option('--tier <tier>', 'what the key opens').choices(keyTiers).makeOptionMandatory())
    .option('--label <text>', 'who the key is for (stored, never secret)')
    .addOption(fileOption())
    .action((options: { tier: KeyTier; label?: string; file?: string }) =>
      guard(async () => {
        // The file found up the tree, else a new one in this folder (or at --file / AGENTDIR_KEYS_FILE).
        const file = locateKeyFile(options.file).file;
        const { key, record } = await newKey(options.tier, options.label, today());
        await updateKeyFile(file, (keyFile) => void keyFile.keys.push(record));
        process.stdout.write(`${key}\n`);
        const ignored = ignoreKeyFileInGit(file);
        if (ignored) process.stderr.write(`${ignored}\n`);
        process.stderr.write(
          `Created ${record.id} (${record.tier}) in ${displayPath(file)}. The key above is shown only now: give it to its owner; it cannot be recovered.\n`,
        );
      })(),
    );

  keys
    .command('list')
    .description('List keys: id, tier, label, created, revoked. Never the keys or their hashes.')
    .addOption(fileOption())
    .option('--json', 'print JSON')
    .action((options: { file?: string; json?: boolean }) =>
      guard(() => {
        const file = existingKeyFile(options.file, 'list');
        const rows = readKeyFile(file).keys.map(({ id, tier, label, created, revoked }) => ({
          id,
          tier,
          label: label ?? '',
          created,
          revoked: revoked ?? '',
        }));
        process.stderr.write(
          rows.length
            ? `${plural(rows.length, 'key')} in ${displayPath(file)}.\n`
            : `No keys yet in ${displayPath(file)}. Create one with \`agentdir keys create --tier starter --label NAME\`.\n`,
        );
        if (options.json) return void process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        const line = (id: string, tier: string, created: string, state: string, label: string) =>
          `${id.padEnd(16)}  ${tier.padEnd(14)}  ${created.padEnd(10)}  ${state.padEnd(18)}  ${label}`.trimEnd();
        if (rows.length) process.stdout.write(`${line('ID', 'TIER', 'CREATED', 'STATE', 'LABEL')}\n`);
        for (const row of rows)
          process.stdout.write(
            `${line(row.id, row.tier, row.created, row.revoked ? `revoked ${row.revoked}` : 'active', row.label)}\n`,
          );
      })(),
    );

  keys
    .command('revoke')
    .description('Revoke a key by id; the worker refuses it from the next request on, without a rebuild.')
    .argument('<id>', 'the key id shown by `keys list`')
    .addOption(fileOption())
    .action((id: string, options: { file?: string }) =>
      guard(async () => {
        const file = existingKeyFile(options.file, 'revoke');
        await updateKeyFile(file, (keyFile) => {
          const record = keyFile.keys.find((candidate) => candidate.id === id);
          if (!record)
            throw new KeyFileError(
              `No key with id \`${id}\` in ${displayPath(file)}. Run \`agentdir keys list\` to see the ids.`,
            );
          record.revoked ??= today();
        });
        process.stderr.write(
          `Revoked ${id} in ${displayPath(file)}. Re-run \`agentdir keys export\` and update the AGENTDIR_KEYS secret where the worker runs; \`agentdir serve\` picks it up by itself.\n`,
        );
      })(),
    );

  keys
    .command('export')
    .description('Print the value of the worker secret AGENTDIR_KEYS (or KV entries with --format kv).')
    .addOption(
      new Option('--format <format>', 'secret: JSON for AGENTDIR_KEYS; kv: entries for `wrangler kv bulk put`')
        .choices(['secret', 'kv'])
        .default('secret'),
    )
    .option('--allow-empty', 'export even when no key is active (the worker will then refuse every key)')
    .addOption(fileOption())
    .action((options: { format: 'secret' | 'kv'; allowEmpty?: boolean; file?: string }) =>
      guard(() => {
        const file = existingKeyFile(options.file, 'export');
        const keyFile = readKeyFile(file);
        const empty = options.allowEmpty ? null : emptyExportError(keyFile, file);
        if (empty) throw empty;
        const revoked = keyFile.keys.filter((record) => record.revoked).length;
        // stderr only: stdout is piped into `wrangler secret put`.
        process.stderr.write(
          `Exporting ${plural(keyFile.keys.length - revoked, 'active key')}${revoked ? ` (and ${revoked} revoked)` : ''} from ${displayPath(file)}.\n`,
        );
        process.stdout.write(`${options.format === 'kv' ? exportKv(keyFile) : exportSecret(keyFile)}\n`);
      })(),
    );
  return keys;
}
