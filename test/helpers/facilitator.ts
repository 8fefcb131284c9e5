import http from 'node:http';
import { keccak256, toHex, verifyTypedData, type Address, type Hex } from 'viem';

/** chain ids of the networks the gateway supports. */
const chainIds: Record<string, number> = { base: 8453, 'base-sepolia': 84532 };

interface Authorization {
  from: Address;
  to: Address;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
}

interface Requirements {
  network: string;
  payTo: Address;
  asset: Address;
  maxAmountRequired: string;
  extra: { name: string; version: string };
}

/**
 * A local x402 facilitator that really checks payments, offline: the EIP-712 TransferWithAuthorization
 * signature (signer equals `from`), the payee, the amount, the time window and nonce reuse. It settles
 * by recording the nonce; nothing touches a chain.
 */
export async function startFacilitator(): Promise<{
  url: string;
  mode: 'normal' | 'garbage' | 'down';
  settled: number;
  close(): Promise<void>;
}> {
  const usedNonces = new Set<string>();
  const state = { mode: 'normal' as 'normal' | 'garbage' | 'down', settled: 0 };

  async function check(
    payload: { payload: { signature: Hex; authorization: Authorization }; network: string },
    requirements: Requirements,
  ): Promise<string | null> {
    const { signature, authorization } = payload.payload;
    if (payload.network !== requirements.network) return 'invalid_network';
    const valid = await verifyTypedData({
      address: authorization.from,
      domain: {
        name: requirements.extra.name,
        version: requirements.extra.version,
        chainId: chainIds[requirements.network],
        verifyingContract: requirements.asset,
      },
      types: {
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
      signature,
    }).catch(() => false);
    if (!valid) return 'invalid_exact_evm_payload_signature';
    if (authorization.to.toLowerCase() !== requirements.payTo.toLowerCase())
      return 'invalid_exact_evm_payload_recipient_mismatch';
    if (BigInt(authorization.value) < BigInt(requirements.maxAmountRequired))
      return 'invalid_exact_evm_payload_authorization_value';
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (BigInt(authorization.validBefore) <= now) return 'invalid_exact_evm_payload_authorization_valid_before';
    if (BigInt(authorization.validAfter) > now) return 'invalid_exact_evm_payload_authorization_valid_after';
    if (usedNonces.has(authorization.nonce)) return 'duplicate_settlement';
    return null;
  }

  const server = http.createServer((request, response) => {
    if (state.mode === 'down') return void request.socket.destroy();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      if (state.mode === 'garbage') {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        return void response.end('<html>definitely not JSON</html>');
      }
      const { paymentPayload, paymentRequirements } = JSON.parse(body);
      const reason = await check(paymentPayload, paymentRequirements);
      const payer = paymentPayload.payload.authorization.from;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      if (request.url === '/verify')
        return void response.end(
          JSON.stringify(reason ? { isValid: false, invalidReason: reason, payer } : { isValid: true, payer }),
        );
      if (reason)
        return void response.end(
          JSON.stringify({
            success: false,
            errorReason: reason,
            transaction: '',
            network: paymentPayload.network,
            payer,
          }),
        );
      usedNonces.add(paymentPayload.payload.authorization.nonce);
      state.settled++;
      response.end(
        JSON.stringify({
          success: true,
          transaction: keccak256(toHex(paymentPayload.payload.authorization.nonce)),
          network: paymentPayload.network,
          payer,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
