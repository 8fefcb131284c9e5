import { expect, it } from 'vitest';
import { networks } from '../../src/shared/x402-networks.js';
import { schemaEnum, sourcesMatching } from '../helpers/contract-sources.js';

// The networks the gateway sells on are one table, src/shared/x402-networks.ts; the schemas' enums are checked against it.

const names = Object.keys(networks);
const caip2Ids = Object.values(networks).map((network) => network.caip2);

it('version 1 payment requirements name exactly the networks of the table', () => {
  expect(schemaEnum('x402-payment-required', '/$defs/paymentRequirements/properties/network')).toEqual(names);
});

it('version 2 payment requirements give exactly the CAIP-2 ids of the table', () => {
  expect(schemaEnum('x402-payment-required-v2', '/$defs/paymentRequirements/properties/network')).toEqual(caip2Ids);
});

it('site.yaml accepts each network of the table by either spelling, and no other', () => {
  expect(schemaEnum('site', '/properties/x402/properties/network')).toEqual([...names, ...caip2Ids]);
});

it('no file under src/ but the table writes a CAIP-2 network id', () => {
  expect(sourcesMatching(/eip155:\d/)).toEqual(['src/shared/x402-networks.ts']);
});
