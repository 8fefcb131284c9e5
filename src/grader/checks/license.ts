import type { Check } from '../check.js';
import { failure } from '../check.js';
import { publicPaths } from '../../shared/public-paths.js';

export const rslNamespace = 'https://rslstandard.org/rsl';

export const licenseCheck: Check = {
  id: 'rsl-license',
  title: 'An RSL license.xml',
  weight: 15,
  async run(context) {
    const page = await context.fetch(publicPaths.license);
    if (page.status !== 200)
      return {
        fraction: 0,
        details: `/license.xml ${failure(page)}.`,
        action: 'Publish /license.xml in the RSL 1.0 format and reference it from robots.txt with a License: line.',
      };
    const namespace = page.text.includes(`xmlns="${rslNamespace}"`) || page.text.includes(`xmlns='${rslNamespace}'`);
    const elements = /<content[\s>]/.test(page.text) && /<license[\s>]/.test(page.text);
    const details = `${namespace ? 'RSL namespace' : 'not in the RSL namespace'}; ${elements ? 'has <content> and <license>' : 'lacks <content> or <license> elements'}.`;
    const fraction = (namespace ? 0.5 : 0) + (elements ? 0.5 : 0);
    return fraction === 1
      ? { fraction, details }
      : {
          fraction,
          details,
          action: `Use the RSL root <rsl xmlns="${rslNamespace}"> with a <content url="/"> holding a <license> element.`,
        };
  },
};
