import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { htmlAccept } from '../../fetcher.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ardProblems } from './ard-conformance.js';
import { parseLinkHeader } from './link-header.js';

/**
 * Agentic Resource Discovery: /.well-known/ard.json present, passing ARD's conformance rules, and
 * advertised where ARD clients look (robots.txt `Agentmap:`, the home page's Link header or a
 * `<link rel="ard">`): a third of the points for each.
 */
export const ardManifestCheck: Check = {
  id: 'ard-manifest',
  title: 'An ARD manifest, valid and advertised',
  weight: 6,
  action: `Publish ${publicPaths.ard} by ARD's rules; name it in robots.txt (Agentmap), a Link or a <link> (rel="ard").`,
  async run(context) {
    const path = publicPaths.ard;
    const manifest = await context.fetch(path, { accept: 'application/json' });
    const robots = await context.fetch(publicPaths.robots);
    const home = await context.fetch('/', { accept: htmlAccept });
    const advertised =
      /^\s*Agentmap:\s*\S/im.test(robots.text) ||
      parseLinkHeader(home.headers?.get('link') ?? '').some((link) => link.rels.includes('ard')) ||
      /<link[^>]+rel=["']?[^"'>]*\bard\b/i.test(home.text);
    const problems = manifest.status === 200 ? ardProblems(manifest.text) : [];
    return {
      fraction:
        ((manifest.status === 200 ? 1 : 0) +
          (manifest.status === 200 && !problems.length ? 1 : 0) +
          (advertised ? 1 : 0)) /
        3,
      details: `${path} ${manifest.status !== 200 ? failure(manifest) : problems.length ? `breaks ARD's rules at ${problems.slice(0, 4).join(', ')}` : "passes ARD's rules"}; ${advertised ? '' : 'not '}advertised.`,
    };
  },
};
