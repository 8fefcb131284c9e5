import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { htmlAccept } from '../../fetcher.js';

/** The value of attribute `name` in the start tag `tag` ('' when bare), or null when it has none. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=[\\s/>])`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

const forms = (html: string) => [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/gi)];
const isSearch = ([, tag, body]: RegExpMatchArray) =>
  attribute(tag!, 'role') === 'search' || /<input\b[^>]*\stype=["']?search\b/i.test(body!);

/**
 * The search page's form declared as a WebMCP tool (declarative API: `toolname` and
 * `tooldescription` on the form), each of its named fields described as a browser describes a
 * tool's parameter: `toolparamdescription`, else its <label>, else `aria-description`. The search
 * page is where the home page's search form leads, else /search.
 */
export const webmcpDeclarationsCheck: Check = {
  id: 'webmcp-declarations',
  title: 'The search form declared as a WebMCP tool',
  weight: 6,
  action:
    'Declare the search form as a WebMCP tool: `toolname` and `tooldescription` on the <form>, and `toolparamdescription` (or a <label>) on each named field.',
  async run(context) {
    const home = await context.fetch('/', { accept: htmlAccept });
    const action = attribute(forms(home.text).find(isSearch)?.[1] ?? '', 'action');
    const target = new URL(action || '/search', context.origin);
    const path = target.origin === context.origin ? target.pathname : '/search';
    const page = await context.fetch(path, { accept: htmlAccept });
    if (page.status !== 200) return { fraction: 0, details: `The search page ${path} ${failure(page)}.` };
    const form = forms(page.text).find(isSearch) ?? forms(page.text).find(([, tag]) => attribute(tag!, 'toolname'));
    if (!form) return { fraction: 0, details: `${path} has no search form.` };
    const name = attribute(form[1]!, 'toolname');
    const described = Boolean(attribute(form[1]!, 'tooldescription')?.trim());
    const fields = [...form[2]!.matchAll(/<(?:input|select|textarea)\b[^>]*>/gi)]
      .map(([tag]) => tag)
      .filter(
        (tag) => attribute(tag, 'name') && !/^(hidden|submit|button|reset|image)$/i.test(attribute(tag, 'type') ?? ''),
      );
    const undescribed = fields
      .filter((tag) => {
        const id = attribute(tag, 'id');
        const label =
          id &&
          new RegExp(
            `<label\\b[^>]*\\sfor=["']?${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\\s>][^>]*>(?:[^<]|<(?!\\/label))*?\\w`,
            'i',
          ).test(page.text);
        return !(attribute(tag, 'toolparamdescription')?.trim() || attribute(tag, 'aria-description')?.trim() || label);
      })
      .map((tag) => attribute(tag, 'name'));
    const parts = [Boolean(name?.trim()), described, fields.length > 0 && !undescribed.length];
    return {
      fraction: parts.filter(Boolean).length / 3,
      details: `${path} ${name ? `declares the tool \`${name}\`` : 'has a search form with no `toolname`'}, ${described ? 'described' : 'without `tooldescription`'}; ${fields.length - undescribed.length} of ${fields.length} parameters described${undescribed.length ? ` (not ${undescribed.join(', ')})` : ''}.`,
    };
  },
};
