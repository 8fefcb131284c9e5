import { KeyFileError } from './key-file.js';
import type { KeyFileLocation } from './key-file-location.js';

/**
 * Why `keys <command>` found no key file: every path it looked at, and how to point at the file.
 * Paths are absolute: "../.agentdir/keys.json" says little when the question is "which folder?".
 */
export function missingKeyFileError(location: KeyFileLocation, command: string): KeyFileError {
  const consequence =
    command === 'export' ? ' Nothing was exported: a secret made from no key file would refuse every key holder.' : '';
  if (location.source !== 'search') {
    const from = location.source === 'flag' ? '`--file`' : 'AGENTDIR_KEYS_FILE';
    const create = location.source === 'flag' ? `agentdir keys create --file ${location.file}` : 'agentdir keys create';
    return new KeyFileError(
      `The key file ${location.file} (from ${from}) does not exist.${consequence} Check the path, or start a key file there with \`${create} --tier TIER\`.`,
    );
  }
  const looked = location.searched.map((file) => `  ${file}`);
  const stopped = location.stoppedAt
    ? `Stopped at ${location.stoppedAt.folder}: it holds ${location.stoppedAt.marker}, so it is taken as the project root.`
    : 'Stopped at the filesystem root.';
  return new KeyFileError(
    [
      `No key file found. \`agentdir keys ${command}\` looked for .agentdir/keys.json in this folder and each folder above it:`,
      ...looked,
      `${stopped}${consequence}`,
      'Run the command inside the project that holds the key file, or point at it with `--file PATH` or the AGENTDIR_KEYS_FILE environment variable.',
    ].join('\n'),
  );
}
