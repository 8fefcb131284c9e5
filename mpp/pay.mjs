// The official Machine Payments Protocol client, as the payment tests drive it: mppx's own fetch
// wrapper with its `evm` charge method, and its own readers of challenges and receipts.
import { Challenge, Receipt } from 'mppx';
import { evm, Mppx } from 'mppx/client';
import { privateKeyToAccount } from 'viem/accounts';

/** Fetches `url` through mppx: a 402 with a `Payment` challenge is paid with `privateKey`'s signature. */
export function fetchPaying(url, { privateKey, fetch, authorization }) {
  const client = Mppx.create({
    polyfill: false,
    fetch,
    methods: [evm.charge({ account: privateKeyToAccount(privateKey), authorization })],
  });
  return client.fetch(url);
}

/** The `Payment` challenge of a 402, as mppx reads it (throws when there is none it can read). */
export function challengeOf(response) {
  return Challenge.fromResponse(response);
}

/** A `Payment-Receipt` header, as mppx reads it. */
export function receiptOf(header) {
  return Receipt.deserialize(header);
}
