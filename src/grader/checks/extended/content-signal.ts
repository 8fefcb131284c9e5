import type { Check } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';

export const contentSignalCheck: Check = {
  id: 'content-signal',
  title: 'A Content-Signal line in robots.txt',
  weight: 7,
  action: 'Add to robots.txt a line like `Content-Signal: search=yes, ai-input=yes, ai-train=no`.',
  async run(context) {
    const robots = await context.fetch(publicPaths.robots);
    const signal =
      robots.status === 200 ? /^\s*content-signal\s*:([^\n#]*)/im.exec(robots.text)?.[1]?.trim() : undefined;
    const valid = /[\w-]+\s*=\s*(yes|no)\b/i.test(signal ?? '');
    return {
      fraction: valid ? 1 : 0,
      details:
        signal === undefined ? 'robots.txt has no Content-Signal line.' : `robots.txt says Content-Signal: ${signal}.`,
    };
  },
};
