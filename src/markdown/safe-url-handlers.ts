import { defaultHandlers, type Options } from 'remark-rehype';
import type { Definition, Image, ImageReference, Link, LinkReference } from 'mdast';
import { isAllowedUrl } from './url-scheme.js';

type Handler = NonNullable<NonNullable<Options['handlers']>['link']>;
type State = Parameters<Handler>[0];
type Result = ReturnType<Handler>;

/** The definition a reference renders with, found the way mdast-util-to-hast finds it. */
function definitionOf(state: State, node: LinkReference | ImageReference): Definition | undefined {
  return state.definitionById.get(String(node.identifier).toUpperCase());
}

/**
 * Wraps a default handler so the element it makes loses `attribute` when the URL is one a page may
 * not carry. Both the author's URL and the attribute as written are judged: validate reports the
 * first, a browser reads the second. The element and its text stay, so the reader still sees the words.
 */
function guarded<N extends Link | Image | LinkReference | ImageReference>(
  handle: (state: State, node: N) => Result,
  attribute: 'href' | 'src',
  urlOf: (state: State, node: N) => string | undefined,
): Handler {
  return (state, node: N) => {
    const result = handle(state, node);
    if (!result || Array.isArray(result) || result.type !== 'element') return result;
    const written = result.properties[attribute];
    const url = urlOf(state, node);
    if ((url !== undefined && !isAllowedUrl(url)) || (typeof written === 'string' && !isAllowedUrl(written))) {
      delete result.properties[attribute];
    }
    return result;
  };
}

/** remark-rehype handlers for every mdast node that becomes an `href` or a `src`. */
export const safeUrlHandlers: Options['handlers'] = {
  link: guarded<Link>(defaultHandlers.link, 'href', (_state, node) => node.url),
  image: guarded<Image>(defaultHandlers.image, 'src', (_state, node) => node.url),
  linkReference: guarded<LinkReference>(
    defaultHandlers.linkReference,
    'href',
    (state, node) => definitionOf(state, node)?.url,
  ),
  imageReference: guarded<ImageReference>(
    defaultHandlers.imageReference,
    'src',
    (state, node) => definitionOf(state, node)?.url,
  ),
};
