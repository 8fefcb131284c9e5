import { displayPath } from '../util/paths.js';
import { KeyFileError, type KeyFile } from './key-file.js';

/**
 * The refusal to export a key file with no active key, or null when it has one. Such an export,
 * put into AGENTDIR_KEYS (or KV), makes the worker refuse every key holder; usually it comes from
 * the wrong key file, so it takes `--allow-empty` to mean it.
 */
export function emptyExportError(keyFile: KeyFile, file: string): KeyFileError | null {
  const revoked = keyFile.keys.filter((record) => record.revoked).length;
  if (keyFile.keys.length > revoked) return null;
  const has = revoked ? `has ${revoked} key${revoked === 1 ? '' : 's'}, all revoked` : 'has no keys';
  return new KeyFileError(
    `Nothing was exported: ${displayPath(file)} ${has}. Put into the worker, this export would refuse every key holder. ` +
      'Check that this is the right key file (`--file PATH` or AGENTDIR_KEYS_FILE), create a key with `agentdir keys create`, ' +
      'or pass `--allow-empty` if refusing every key is what you want.',
  );
}
