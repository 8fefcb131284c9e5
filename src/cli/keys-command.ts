import { Command, Option } from 'commander';
import { exportKv, exportSecret, keyFilePath, KeyFileError, newKey, readKeyFile } from '../keys/key-file.js';
import { updateKeyFile } from '../keys/update-key-file.js';
import { keyTiers, type KeyTier } from '../shared/key-hash.js';
import { displayPath } from '../util/paths.js';

const today = () => new Date().toISOString().slice(0, 10);

/** `agentdir keys`: create, list, revoke and export access keys. Keys are printed once and stored only as hashes. */
export function keysCommand(setExitCode: (code: number) => void): Command {
  const keys = new Command('keys').description('Manage access keys (stored as SHA-256 hashes in a key file outside dist/).');
  const fileOption = () => new Option('--file <path>', 'key file (default: $AGENTDIR_KEYS_FILE or .agentdir/keys.json)');
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
        const file = keyFilePath(options.file);
        const { key, record } = await newKey(options.tier, options.label, today());
        await updateKeyFile(file, (keyFile) => void keyFile.keys.push(record));
        process.stdout.write(`${key}\n`);
        process.stderr.write(`Created ${record.id} (${record.tier}) in ${displayPath(file)}. The key above is shown only now: give it to its owner; it cannot be recovered.\n`);
      })(),
    );

  keys
    .command('list')
    .description('List keys: id, tier, label, created, revoked. Never the keys or their hashes.')
    .addOption(fileOption())
    .option('--json', 'print JSON')
    .action((options: { file?: string; json?: boolean }) =>
      guard(() => {
        const rows = readKeyFile(keyFilePath(options.file)).keys.map(({ id, tier, label, created, revoked }) => ({ id, tier, label: label ?? '', created, revoked: revoked ?? '' }));
        if (options.json) return void process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        if (!rows.length) return void process.stderr.write('No keys yet. Create one with `agentdir keys create --tier starter --label NAME`.\n');
        for (const row of rows) process.stdout.write(`${row.id}  ${row.tier.padEnd(14)}  ${row.created}  ${row.revoked ? `revoked ${row.revoked}` : 'active'.padEnd(18)}  ${row.label}\n`);
      })(),
    );

  keys
    .command('revoke')
    .description('Revoke a key by id; the worker refuses it from the next request on, without a rebuild.')
    .argument('<id>', 'the key id shown by `keys list`')
    .addOption(fileOption())
    .action((id: string, options: { file?: string }) =>
      guard(async () => {
        const file = keyFilePath(options.file);
        await updateKeyFile(file, (keyFile) => {
          const record = keyFile.keys.find((candidate) => candidate.id === id);
          if (!record) throw new KeyFileError(`No key with id \`${id}\` in ${displayPath(file)}. Run \`agentdir keys list\` to see the ids.`);
          record.revoked ??= today();
        });
        process.stderr.write(`Revoked ${id}. Re-run \`agentdir keys export\` and update the AGENTDIR_KEYS secret where the worker runs; \`agentdir serve\` picks it up by itself.\n`);
      })(),
    );

  keys
    .command('export')
    .description('Print the value of the worker secret AGENTDIR_KEYS (or KV entries with --format kv).')
    .addOption(new Option('--format <format>', 'secret: JSON for AGENTDIR_KEYS; kv: entries for `wrangler kv bulk put`').choices(['secret', 'kv']).default('secret'))
    .addOption(fileOption())
    .action((options: { format: 'secret' | 'kv'; file?: string }) =>
      guard(() => {
        const keyFile = readKeyFile(keyFilePath(options.file));
        process.stdout.write(`${options.format === 'kv' ? exportKv(keyFile) : exportSecret(keyFile)}\n`);
      })(),
    );
  return keys;
}
