import { type PublicPaths, publicPaths } from '../../shared/public-paths.js';

/** Every public address of a built site: the paths of src/shared/public-paths.ts at its base URL. */
export type SiteUrls = {
  [K in keyof PublicPaths]: PublicPaths[K] extends (argument: infer A) => string ? (argument: A) => string : string;
} & { base: string };

export function siteUrls(base: string): SiteUrls {
  const urls: Record<string, unknown> = { base };
  for (const [name, path] of Object.entries(publicPaths)) {
    urls[name] = typeof path === 'function' ? (argument: never) => `${base}${path(argument)}` : `${base}${path}`;
  }
  return urls as SiteUrls;
}
