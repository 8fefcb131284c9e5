import { parseEnv } from 'node:util';
import { displayPath } from '../util/paths.js';
import { describeRefusal, readRegularFileSync } from '../util/regular-file.js';
import { keyFileReader } from './key-file-reader.js';
import { ServeError } from './server.js';

/** Names of the worker environment read from the process environment or an env file. */
const workerVariables = [
  'AGENTDIR_KEYS',
  'X402_FACILITATOR_URL',
  'X402_PAY_TO',
  'X402_NETWORK',
  'X402_ASSET',
  // Key directories of local Web Bot Auth signers, trusted though they are plain http or private.
  'AGENTDIR_SIGNATURE_DIRECTORIES',
] as const;

/** An env file is a few lines: one this big is something else, and is refused unread. */
const envFileMaxBytes = 1024 * 1024;

/** The variables of `--env-file`; a path that is no regular file (a pipe, a device) is refused, never waited on. */
export function readEnvFile(file: string): Record<string, string> {
  const read = readRegularFileSync(file, { maxBytes: envFileMaxBytes });
  if (!read.ok)
    throw new ServeError(
      `The --env-file ${displayPath(file)} ${describeRefusal(read.refusal)}, so it was not read. Pass a file of KEY=value lines.`,
    );
  return parseEnv(read.bytes.toString('utf8')) as Record<string, string>;
}

/**
 * The worker's environment as `agentdir serve` provides it. AGENTDIR_KEYS comes from the
 * environment when set, else from the key file, re-read whenever the file changes, so a
 * revocation takes effect on the next request without a restart.
 */
export function workerEnvironment(options: {
  envFile?: string;
  keysFile: string;
  log?: (line: string) => void;
}): () => Record<string, string> {
  const fromFile = options.envFile ? readEnvFile(options.envFile) : {};
  const fixed: Record<string, string> = {};
  for (const name of workerVariables) {
    const value = process.env[name] || fromFile[name];
    if (value) fixed[name] = value;
  }
  if (fixed.AGENTDIR_KEYS !== undefined) return () => fixed;
  const keys = keyFileReader(options.keysFile, options.log ?? ((line) => process.stderr.write(`${line}\n`)));
  return () => {
    const current = keys();
    return current ? { ...fixed, AGENTDIR_KEYS: current } : fixed;
  };
}
