import type { Problem } from '../errors/problem.js';
import { networkNamed, networks } from '../shared/x402-networks.js';
import { fileProblem } from './file-problem.js';
import { positionOf, type YamlSource } from './source-file.js';

/**
 * The x402 transfer methods of site.yaml (already valid by its schema) that cannot work: `eip3009`
 * (the default) with an asset that is not the network's USDC, whose EIP-712 domain the offer must
 * name. Located at the `eip3009` it names, or at `x402.asset` when the method is the default.
 */
export function x402MethodProblems(source: YamlSource): Problem[] {
  const x402 = (source.data as { x402?: { network?: string; asset?: string; transfer_methods?: string[] } }).x402;
  if (!x402?.asset) return [];
  const methods = x402.transfer_methods ?? ['eip3009'];
  const network = networkNamed(x402.network ?? 'base')!;
  const index = methods.indexOf('eip3009');
  if (index < 0 || x402.asset.toLowerCase() === networks[network].usdc.address.toLowerCase()) return [];
  const path = x402.transfer_methods ? ['x402', 'transfer_methods', index] : ['x402', 'asset'];
  return [
    fileProblem(
      source.file,
      'UnusableTransferMethod',
      { asset: x402.asset, network },
      { ...positionOf(source, path), field: path.join('.') },
    ),
  ];
}
