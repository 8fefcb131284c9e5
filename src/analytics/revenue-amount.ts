// A paid amount as people read it: `1.50 USDC` rather than `1500000`, where the asset is known.

import { networks } from '../shared/x402-networks.js';
import type { RevenueRow } from './report.js';

/** Assets whose decimals agentdir knows: USDC by symbol and by its contract on each x402 network. */
const knownDecimals = new Map<string, { symbol: string; decimals: number }>([
  ['usdc', { symbol: 'USDC', decimals: 6 }],
  ...Object.values(networks).map(
    (network) => [network.usdc.address.toLowerCase(), { symbol: 'USDC', decimals: network.usdc.decimals }] as const,
  ),
]);

/** The symbol of an asset agentdir knows (`USDC` by its contract on any x402 network), else the asset as given. */
export function assetSymbol(asset: string): string {
  return knownDecimals.get(asset.toLowerCase())?.symbol ?? asset;
}

/**
 * `amount` (atomic units, a decimal string that may pass 2^53) in whole units of `currency` when
 * the asset is known (`1.5 USDC`), else as atomic units (`1500 atomic units of 0xabc…`).
 */
export function revenueAmount(amount: string, currency: string | null): string {
  const known = currency ? knownDecimals.get(currency.toLowerCase()) : undefined;
  if (!/^\d+$/.test(amount)) return currency ? `${amount} ${currency}` : amount;
  if (!known) return `${BigInt(amount).toLocaleString('en-US')} atomic units${currency ? ` of ${currency}` : ''}`;
  const scale = 10n ** BigInt(known.decimals);
  const units = BigInt(amount);
  const fraction = (units % scale).toString().padStart(known.decimals, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${(units / scale).toLocaleString('en-US')}.${fraction} ${known.symbol}`;
}

/** The revenue summed per asset (USDC however it was named), as people read it: `12.50 USDC`. */
export function revenueTotals(rows: RevenueRow[]): string[] {
  const sums = new Map<string, { amount: bigint; currency: string | null }>();
  const unsummed: string[] = [];
  for (const row of rows) {
    if (!/^\d+$/.test(row.amount)) {
      unsummed.push(revenueAmount(row.amount, row.currency));
      continue;
    }
    const known = row.currency ? knownDecimals.get(row.currency.toLowerCase()) : undefined;
    const currency = known ? known.symbol : row.currency;
    const key = (currency ?? '').toLowerCase();
    const sum = sums.get(key) ?? { amount: 0n, currency };
    sum.amount += BigInt(row.amount);
    sums.set(key, sum);
  }
  return [...[...sums.values()].map((sum) => revenueAmount(String(sum.amount), sum.currency)), ...unsummed];
}
