import http from 'node:http';
import {
  PERMIT2_ADDRESS,
  permit2WitnessTypes,
  uptoPermit2WitnessTypes,
  x402ExactPermit2ProxyAddress,
  x402UptoPermit2ProxyAddress,
} from '@x402/evm';
import { getAddress, keccak256, toHex, verifyTypedData, type Address, type Hex } from 'viem';

/**
 * How the facilitator answers: `normal` really checks payments; the others misbehave (`garbage` is
 * HTML, `down` drops the connection, `huge` streams 2 GiB, `trickle` sends a byte a second after its
 * headers, `hang` never answers, `redirect-*` sends every request to `redirectTo`).
 */
export type FacilitatorMode =
  | 'normal'
  | 'garbage'
  | 'down'
  | 'huge'
  | 'trickle'
  | 'hang'
  | 'redirect-302'
  | 'redirect-307';

/** Chain ids of the networks the gateway supports: x402 version 1 names them, version 2 uses CAIP-2 ids. */
const chainIds: Record<string, number> = { base: 8453, 'base-sepolia': 84532 };

function chainIdOf(network: string): number | undefined {
  return chainIds[network] ?? (/^eip155:\d+$/.test(network) ? Number(network.slice(7)) : undefined);
}

interface Authorization {
  from: Address;
  to: Address;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
}

/** What a Permit2 payment signs: a PermitWitnessTransferFrom whose witness names the payee. */
interface Permit2Authorization {
  from: Address;
  permitted: { token: Address; amount: string };
  spender: Address;
  nonce: string;
  deadline: string;
  /** `upto` witnesses also name the facilitator that may settle it. */
  witness: { to: Address; validAfter: string; facilitator?: Address };
}

/** The address this facilitator settles `upto` payments from, as its /supported says. */
export const uptoFacilitatorAddress: Address = '0x000000000000000000000000000000000000fAc1';

/** Version 1 requirements carry `maxAmountRequired`, version 2 `amount`. */
interface Requirements {
  scheme: string;
  network: string;
  payTo: Address;
  asset: Address;
  maxAmountRequired?: string;
  amount?: string;
  extra: { name: string; version: string };
}

/** Version 1 payloads name their network; version 2 payloads echo the requirements they accepted. */
interface Payload {
  x402Version: 1 | 2;
  network?: string;
  accepted?: { network: string };
  payload:
    | { signature: Hex; authorization: Authorization; permit2Authorization?: undefined }
    | { signature: Hex; permit2Authorization: Permit2Authorization; authorization?: undefined };
}

/** Who signed a payload and the nonce that settling it uses up, whichever way it moves the asset. */
function signed(payload: Payload): { payer: Address; nonce: string } {
  const authorization = payload.payload.permit2Authorization ?? payload.payload.authorization;
  return { payer: authorization.from, nonce: authorization.nonce };
}

/**
 * A local x402 facilitator that really checks payments of both versions, offline, as the official
 * one does. EIP-3009: the EIP-712 TransferWithAuthorization signature (signer equals `from`), the
 * payee, the amount (at least `maxAmountRequired` in version 1, exactly `amount` in version 2), the
 * time window. Permit2: the spender is the x402 Permit2 proxy, the witness names the payee, the
 * deadline is at least 6 s away, `validAfter` has passed, the amount and token are the offer's, and
 * the PermitWitnessTransferFrom signature is the payer's under the Permit2 domain. `upto` (Permit2
 * only): the same against the upto proxy, with a witness naming this facilitator; /verify checks the
 * maximum (`amount`), /settle settles `amount` when it is at most what was signed, and says so in its
 * `amount`. All: nonce reuse. It settles by recording the nonce; nothing touches a chain (so no
 * Permit2 allowance is checked).
 */
export async function startFacilitator(): Promise<{
  url: string;
  mode: FacilitatorMode;
  settled: number;
  /** What each settled payment's request carried, in order: what a discovery service would catalog. */
  settlements: { x402Version: 1 | 2; paymentPayload: any; paymentRequirements: any }[];
  /** Where the `redirect-*` modes send every request. */
  redirectTo: string;
  /** How much of its 2 GiB answer the `huge` mode wrote before the client went away. */
  hugeBytesSent: number;
  close(): Promise<void>;
}> {
  const usedNonces = new Set<string>();
  const state = {
    mode: 'normal' as FacilitatorMode,
    settled: 0,
    settlements: [] as { x402Version: 1 | 2; paymentPayload: any; paymentRequirements: any }[],
    redirectTo: '',
    hugeBytesSent: 0,
  };
  const trickles = new Set<ReturnType<typeof setInterval>>();

  async function check(
    x402Version: number,
    payload: Payload,
    requirements: Requirements,
    settling = false,
  ): Promise<string | null> {
    if (payload.x402Version !== x402Version) return 'invalid_x402_version';
    const network = x402Version === 2 ? payload.accepted?.network : payload.network;
    if (network !== requirements.network) return 'invalid_network';
    const reason = payload.payload.permit2Authorization
      ? await checkPermit2(x402Version, payload.payload, requirements, settling)
      : await checkEip3009(
          x402Version,
          payload.payload as { signature: Hex; authorization: Authorization },
          requirements,
        );
    if (reason) return reason;
    if (usedNonces.has(signed(payload).nonce)) return 'duplicate_settlement';
    return null;
  }

  async function checkEip3009(
    x402Version: number,
    { signature, authorization }: { signature: Hex; authorization: Authorization },
    requirements: Requirements,
  ): Promise<string | null> {
    const valid = await verifyTypedData({
      address: authorization.from,
      domain: {
        name: requirements.extra.name,
        version: requirements.extra.version,
        chainId: chainIdOf(requirements.network),
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
    const value = BigInt(authorization.value);
    const underpaid =
      x402Version === 2 ? value !== BigInt(requirements.amount!) : value < BigInt(requirements.maxAmountRequired!);
    if (underpaid) return 'invalid_exact_evm_payload_authorization_value';
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (BigInt(authorization.validBefore) <= now) return 'invalid_exact_evm_payload_authorization_valid_before';
    if (BigInt(authorization.validAfter) > now) return 'invalid_exact_evm_payload_authorization_valid_after';
    return null;
  }

  async function checkPermit2(
    x402Version: number,
    { signature, permit2Authorization: permit }: { signature: Hex; permit2Authorization: Permit2Authorization },
    requirements: Requirements,
    settling: boolean,
  ): Promise<string | null> {
    const same = (a: string, b: string) => getAddress(a) === getAddress(b);
    const upto = requirements.scheme === 'upto';
    if (!same(permit.spender, upto ? x402UptoPermit2ProxyAddress : x402ExactPermit2ProxyAddress))
      return 'invalid_permit2_spender';
    if (!same(permit.witness.to, requirements.payTo)) return 'invalid_permit2_recipient_mismatch';
    if (upto && !same(permit.witness.facilitator ?? '0x0', uptoFacilitatorAddress))
      return 'invalid_upto_evm_payload_facilitator_mismatch';
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (BigInt(permit.deadline) < now + 6n) return 'permit2_deadline_expired';
    if (BigInt(permit.witness.validAfter) > now) return 'permit2_not_yet_valid';
    const amount = BigInt(permit.permitted.amount);
    // An `upto` settlement may take less than the signed maximum, never more.
    const mismatch =
      upto && settling
        ? BigInt(requirements.amount!) > amount
        : x402Version === 2
          ? amount !== BigInt(requirements.amount!)
          : amount < BigInt(requirements.maxAmountRequired!);
    if (mismatch) return 'permit2_amount_mismatch';
    if (!same(permit.permitted.token, requirements.asset)) return 'permit2_token_mismatch';
    const valid = await verifyTypedData({
      address: permit.from,
      domain: { name: 'Permit2', chainId: chainIdOf(requirements.network), verifyingContract: PERMIT2_ADDRESS },
      types: upto ? uptoPermit2WitnessTypes : permit2WitnessTypes,
      primaryType: 'PermitWitnessTransferFrom',
      message: {
        permitted: { token: permit.permitted.token, amount },
        spender: permit.spender,
        nonce: BigInt(permit.nonce),
        deadline: BigInt(permit.deadline),
        witness: {
          to: permit.witness.to,
          validAfter: BigInt(permit.witness.validAfter),
          ...(upto ? { facilitator: permit.witness.facilitator } : {}),
        },
      },
      signature,
    }).catch(() => false);
    return valid ? null : 'invalid_permit2_signature';
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
      if (state.mode === 'huge') return streamHuge(response, (bytes) => (state.hugeBytesSent += bytes));
      if (state.mode === 'trickle') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).write('{');
        const timer = setInterval(() => response.write(' '), 1000);
        trickles.add(timer);
        return void response.on('close', () => {
          clearInterval(timer);
          trickles.delete(timer);
        });
      }
      if (state.mode === 'hang') return;
      if (state.mode === 'redirect-302' || state.mode === 'redirect-307')
        return void response
          .writeHead(Number(state.mode.slice(-3)), { Location: `${state.redirectTo}${request.url}` })
          .end();
      if (request.method === 'GET' && request.url === '/supported') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        const kinds = ['eip155:8453', 'eip155:84532'].flatMap((network) => [
          { x402Version: 2, scheme: 'exact', network },
          { x402Version: 2, scheme: 'upto', network, extra: { facilitatorAddress: uptoFacilitatorAddress } },
        ]);
        return void response.end(JSON.stringify({ kinds, extensions: [], signers: {} }));
      }
      const { x402Version, paymentPayload, paymentRequirements } = JSON.parse(body);
      const reason = await check(x402Version, paymentPayload, paymentRequirements, request.url === '/settle');
      const network = paymentRequirements.network;
      const { payer, nonce } = signed(paymentPayload);
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
            network,
            payer,
          }),
        );
      usedNonces.add(nonce);
      state.settled++;
      state.settlements.push({ x402Version, paymentPayload, paymentRequirements });
      // What was settled: `upto` settles the requirements' amount, `exact` what was signed.
      const permitted = paymentPayload.payload.permit2Authorization?.permitted.amount;
      const settledAmount =
        paymentRequirements.scheme === 'upto'
          ? paymentRequirements.amount
          : (permitted ?? paymentPayload.payload.authorization.value);
      response.end(
        JSON.stringify({
          success: true,
          transaction: keccak256(toHex(nonce)),
          network,
          payer,
          ...(x402Version === 2 ? { amount: settledAmount } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of trickles) clearInterval(timer);
        server.close(() => resolve());
        // The hanging and trickling answers never end by themselves.
        server.closeAllConnections();
      }),
  });
}

/** 2 GiB of an approving JSON answer, written as fast as the client reads it and stopped when it goes away. */
function streamHuge(response: http.ServerResponse, sent: (bytes: number) => void): void {
  const total = 2 * 1024 ** 3;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"isValid":true,"success":true,"padding":"');
  let written = 0;
  const pump = () => {
    while (written < total && !response.destroyed) {
      written += chunk.length;
      sent(chunk.length);
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end('"}');
  };
  pump();
}

/**
 * A server that approves every payment it is sent (`isValid` and `success`), standing for an address
 * a facilitator's redirect points at; it records every request that reaches it.
 */
export async function startApprovingServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ isValid: true, success: true, transaction: '0x01', network: 'base-sepolia' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
