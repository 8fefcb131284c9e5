import type { LookupFunction } from 'node:net';
import { RefusedAddressError } from '../grader/refused-address-error.js';
import type { LookupAll } from './resolve-host.js';
import { forbiddenAddress, isIpLiteral } from '../grader/special-addresses.js';

/** Why a connection to `address` (for `hostname`) must not be made: a refusal, or null when it may. Unreadable addresses are refused. */
export function refuseAddress(hostname: string, address: string): RefusedAddressError | null {
  if (!isIpLiteral(address)) return new RefusedAddressError(hostname, address, 'not an address the grader can check');
  const reason = forbiddenAddress(address);
  return reason ? new RefusedAddressError(hostname, address, reason) : null;
}

/**
 * A `net.connect` lookup that resolves once and hands the socket only addresses it has checked:
 * one forbidden answer refuses the whole connection, so no later resolution can differ from the
 * check (DNS rebinding) and no happy-eyeballs fallback can reach an inward address.
 */
export function guardedLookup(lookupAll: LookupAll): LookupFunction {
  return (hostname, options, callback) => {
    lookupAll(hostname).then(
      (answers) => {
        const wanted = answers.filter(
          (answer) => !options.family || options.family === answer.family || options.family === `IPv${answer.family}`,
        );
        for (const answer of answers) {
          const refusal = refuseAddress(hostname, answer.address);
          if (refusal) return callback(refusal, '');
        }
        if (wanted.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND', hostname }), '');
        if (options.all)
          return callback(
            null,
            wanted.map(({ address, family }) => ({ address, family })),
          );
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
