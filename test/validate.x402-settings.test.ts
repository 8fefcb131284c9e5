import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { stackTraceLines } from './helpers/stack-trace.js';

// site.yaml `x402.transfer_methods`: how an `exact` payment may move the asset. EIP-3009 signs under
// the token's own EIP-712 domain, which agentdir knows for USDC only: offering it for another asset
// is an UnusableTransferMethod problem, located where it is said, before anything is built.

const otherToken = '"0x4200000000000000000000000000000000000042"';

function validate(x402: string) {
  const content = copyFixture('minimal');
  const file = path.join(content, 'site.yaml');
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, `${text}x402:\n${x402}\n`);
  const result = runCli(path.dirname(content), ['validate', path.basename(content), '--format', 'json', '--no-cache']);
  expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
  // The line of `x402:`, since the text ends with a line break.
  const x402Line = text.split('\n').length;
  return { content, code: result.code, problems: JSON.parse(result.stdout).problems, x402Line };
}

describe('x402 transfer methods in site.yaml', () => {
  it.each([
    [
      'offers eip3009 for another token',
      `  asset: ${otherToken}\n  transfer_methods: [permit2, eip3009]`,
      2,
      31,
      'x402.transfer_methods.1',
    ],
    ['leaves eip3009 the default for another token', `  asset: ${otherToken}`, 1, 10, 'x402.asset'],
  ])(
    'reports an UnusableTransferMethod when it %s, at the line and column that say so',
    (_, x402, line, column, field) => {
      const { code, problems, x402Line } = validate(x402);
      expect(code).toBe(1);
      expect(problems).toEqual([
        expect.objectContaining({
          code: 'UnusableTransferMethod',
          severity: 'error',
          file: 'minimal/site.yaml',
          line: x402Line + line,
          column,
          field,
          message: expect.stringContaining('is not USDC on base'),
          hint: expect.stringContaining('transfer_methods: [permit2]'),
        }),
      ]);
    },
  );

  it.each([
    ['Permit2 alone for another token', `  asset: ${otherToken}\n  transfer_methods: [permit2]`],
    [
      'both methods for the USDC of the network',
      '  network: base-sepolia\n  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e"\n  transfer_methods: [eip3009, permit2]',
    ],
  ])('accepts %s', (_, x402) => {
    const { code, problems } = validate(x402);
    expect({ code, problems }).toEqual({ code: 0, problems: [] });
  });

  it('refuses a method it does not know, and one named twice, by the schema', () => {
    for (const methods of ['[erc7710]', '[permit2, permit2]', '[]']) {
      const { code, problems } = validate(`  transfer_methods: ${methods}`);
      expect(code, methods).toBe(1);
      expect(
        problems.map((problem: { code: string }) => problem.code),
        methods,
      ).toEqual(['SchemaViolation']);
    }
  });

  it('stops a build before writing anything', () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), `x402:\n  asset: ${otherToken}\n`);
    const outDir = path.join(tempDir(), 'dist');
    const result = runCli(path.dirname(content), ['build', path.basename(content), '--out', outDir, '--no-cache']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[UnusableTransferMethod: x402 transfer method cannot work with this asset]');
    expect(fs.existsSync(path.join(outDir, 'public'))).toBe(false);
  });
});
