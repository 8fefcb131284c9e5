import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { htmlAccept } from '../../fetcher.js';
import { parseLinkHeader } from './link-header.js';

export const linkHeadersCheck: Check = {
  id: 'link-headers',
  title: 'Link headers on the home page',
  weight: 7,
  action:
    'Send a Link header naming /llms.txt (rel="describedby"), the API catalog (rel="api-catalog") and OpenAPI (rel="service-desc").',
  async run(context) {
    // As the homepage check asks: one fetch of the home page serves both.
    const home = await context.fetch('/', { accept: htmlAccept });
    const links = parseLinkHeader(home.headers?.get('link') ?? '');
    const missing = [
      !links.some((link) => /(^|\/)llms\.txt$/.test(link.target)) && 'llms.txt',
      ...['api-catalog', 'service-desc'].filter((rel) => !links.some((link) => link.rels.includes(rel))),
    ].filter(Boolean);
    return {
      fraction: 1 - missing.length / 3,
      details:
        home.status === 200
          ? `${links.length} link-values${missing.length ? `; none for ${missing.join(', ')}` : ' name llms.txt, api-catalog and service-desc'}.`
          : `The home page ${failure(home)}.`,
    };
  },
};
