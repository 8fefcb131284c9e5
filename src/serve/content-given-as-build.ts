import fs from 'node:fs';
import path from 'node:path';
import { displayPath } from '../util/paths.js';

/**
 * `agentdir serve site` where `site` holds a site.yaml: the content folder, given where the build
 * folder goes. Says what was likely meant, before anything is built into it or served from it.
 */
export function contentGivenAsBuild(dist: string, watch: boolean): string | null {
  if (!fs.existsSync(path.join(dist, 'site.yaml'))) return null;
  const shown = displayPath(path.resolve(dist)) || '.';
  const what = `\`${shown}\` is a content folder (it holds site.yaml), not a build: \`agentdir serve [dist]\` takes the folder a build writes`;
  return watch
    ? `${what}; did you mean \`--content ${shown}\`?\nhint: \`agentdir serve --watch --content ${shown}\` builds it into dist/, serves that, and rebuilds on every change.`
    : `${what}.\nhint: Run \`agentdir serve --watch --content ${shown}\` to build it and serve the build, or \`agentdir build ${shown}\` first, then \`agentdir serve\`.`;
}
