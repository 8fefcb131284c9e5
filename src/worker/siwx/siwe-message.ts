/** The fields of a proof that its signed message is made of. */
export interface SignInFields {
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** The EIP-4361 (Sign-In with Ethereum) message a wallet signed, line for line as the spec lays it out. */
export function siweMessage(fields: SignInFields): string {
  const lines = [`${fields.domain} wants you to sign in with your Ethereum account:`, fields.address, ''];
  if (fields.statement) lines.push(fields.statement, '');
  lines.push(
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId.slice('eip155:'.length)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  );
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  return lines.join('\n');
}
