import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

export interface PlayedWeb {
  /** Names the system resolver answers, with the public address it answers. */
  hosts?: Record<string, string>;
  /** `<public address>:<port>` to the loopback port its sockets really connect to. */
  routes?: Record<string, number>;
  /** Every lookup fails as with no network at all. */
  offline?: boolean;
}

/** Environment for a Node process in which test/helpers/public-web.mjs plays `web` as the public internet. */
export function publicWebEnv(web: PlayedWeb): Record<string, string> {
  const preload = pathToFileURL(path.join(repoRoot, 'test', 'helpers', 'public-web.mjs')).href;
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
    AGENTDIR_TEST_PUBLIC_WEB: JSON.stringify(web),
  };
}
