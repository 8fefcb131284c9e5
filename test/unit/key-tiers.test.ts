import { expect, it } from 'vitest';
import { keyTiers } from '../../src/shared/key-hash.js';
import { checkAccess } from '../../src/worker/mcp/tools/check-access.js';
import { schemaEnum, schemaNode, sourcesMatching } from '../helpers/contract-sources.js';

// The key tiers are listed once, in src/shared/key-hash.ts; everything else derives from the list or is checked against it here.

it('check_access publishes the key tiers as the enum of its `tier` output', () => {
  const properties = checkAccess.outputSchema.properties as Record<string, { enum?: unknown }>;
  expect(properties.tier?.enum).toEqual([...keyTiers]);
});

it('site.yaml sells, and payment.json and pricing.json describe, exactly the key tiers', () => {
  expect(schemaEnum('site', '/properties/pricing/properties/tiers/items/properties/id')).toEqual([...keyTiers]);
  const checkout = schemaNode('payment', '/properties/methods/items/oneOf/0');
  expect(schemaEnum('payment', '/properties/methods/items/oneOf/0/properties/tiers/items')).toEqual([...keyTiers]);
  expect((checkout.properties as { type: unknown }).type).toEqual({ const: 'checkout' });
  expect(schemaEnum('pricing', '/properties/tiers/items/properties/id')).toEqual(['per-fetch', ...keyTiers]);
});

it('no file under src/ writes the list of key tiers a second time', () => {
  const list = /['"]starter['"]\s*,\s*['"]corpus['"]\s*,\s*['"]redistribution['"]/;
  expect(sourcesMatching(list)).toEqual(['src/shared/key-hash.ts']);
});
