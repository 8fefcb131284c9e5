import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { missingFields } from './json-fields.js';

/** What A2A (protocol 1.0) requires of an agent card: `field: test` each, `[]` a list of objects with those keys. */
const required = {
  name: 'text',
  description: 'text',
  version: 'text',
  'supportedInterfaces[].url,protocolBinding': 'list',
  capabilities: 'object',
  defaultInputModes: 'list',
  defaultOutputModes: 'list',
  'skills[].id,name,description': 'list',
} as const;

export const agentCardCheck: Check = {
  id: 'agent-card',
  title: 'An A2A agent card',
  weight: 6,
  action: `Publish ${publicPaths.agentCard} with the fields A2A requires.`,
  async run(context) {
    const path = publicPaths.agentCard;
    const page = await context.fetch(path, { accept: 'application/json' });
    const missing = missingFields(page.text, required);
    return {
      fraction: page.status !== 200 ? 0 : 1 - missing.length / Object.keys(required).length,
      details: `${path} ${page.status !== 200 ? failure(page) : missing.length ? `lacks ${missing.join('; ')}` : 'has every required field'}.`,
    };
  },
};
