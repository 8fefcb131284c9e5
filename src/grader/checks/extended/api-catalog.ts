import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { arrayOrEmpty, objectOrEmpty } from '../../../shared/json-shapes.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { linkedOrigin, onGradedOrigin } from '../link-origin.js';

/** The `service-desc` targets of an RFC 9727 API catalog, an RFC 9264 linkset; none when it does not parse. */
export function serviceDescriptions(catalog: string): string[] {
  let linkset: unknown;
  try {
    linkset = JSON.parse(catalog);
  } catch {
    return [];
  }
  return arrayOrEmpty(objectOrEmpty(linkset).linkset).flatMap((context) =>
    arrayOrEmpty(objectOrEmpty(context)['service-desc'])
      .map((target) => objectOrEmpty(target).href)
      .filter((href): href is string => typeof href === 'string'),
  );
}

/** JSON with an `openapi` version, or YAML with an `openapi:` line (no YAML parser needed for that). */
function isOpenApi(text: string): boolean {
  try {
    return typeof objectOrEmpty(JSON.parse(text)).openapi === 'string';
  } catch {
    return /^openapi\s*:\s*["']?\d/m.test(text);
  }
}

export const apiCatalogCheck: Check = {
  id: 'api-catalog',
  title: 'An API catalog and OpenAPI description',
  weight: 7,
  action: `Publish ${publicPaths.apiCatalog} (RFC 9727) with a service-desc link to an OpenAPI description.`,
  async run(context) {
    const path = publicPaths.apiCatalog;
    const catalog = await context.fetch(path, { accept: 'application/linkset+json' });
    const hrefs = catalog.status === 200 ? serviceDescriptions(catalog.text) : [];
    // JSON first: the one kind this check reads whole.
    const href = hrefs.find((candidate) => /\.json$/i.test(candidate)) ?? hrefs[0];
    if (!href)
      return {
        fraction: 0,
        details: `${path} ${catalog.status === 200 ? 'names no service-desc' : failure(catalog)}.`,
      };
    const url = new URL(href, catalog.url);
    // Not http(s): the fetcher refuses it, and says why.
    const description = await context.fetch(
      (onGradedOrigin(url.href, context, await linkedOrigin(context)) ?? url).href,
    );
    const ok = description.status === 200 && isOpenApi(description.text);
    return {
      fraction: ok ? 1 : 0.5,
      details: `${path} names ${href}, ${ok ? 'an OpenAPI description' : description.status === 200 ? 'with no openapi field' : failure(description)}.`,
    };
  },
};
