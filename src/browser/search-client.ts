// Runs in the reader's browser on /search, never in the build (search-page.ts bundles it): it
// searches the full-text index of /api/search/ with the code the MCP server's search tools use, as
// people see the site (passages for agents left out). The page reads without it; the script only
// fills in the results, and answers an agent that calls the form as a WebMCP tool with them as JSON.
import { allowedUrl } from '../markdown/url-scheme.js';
import { type SearchHit, type SearchReader, searchSite } from '../shared/search/search-site.js';
import { agentResponder } from '../emit/helpers/agent-submit.js';

interface PremiumOffer {
  price: number;
  currency: string;
  checkout_url: string;
}

const form = document.querySelector<HTMLFormElement>('#search-form');
const input = document.querySelector<HTMLInputElement>('#search-query');
const results = document.querySelector<HTMLOListElement>('#search-results');
const status = document.querySelector<HTMLElement>('#search-status');

/**
 * A root-relative address, so results link to the host that serves this page rather than the
 * canonical one; null unless `url` is an http(s) URL. Leading slashes are collapsed to one: a
 * path of `//host` would lead off this site.
 */
function local(url: string): string | null {
  const resolved = allowedUrl(url, document.baseURI);
  if (!resolved || resolved.protocol === 'mailto:') return null;
  return `/${resolved.pathname.replace(/^\/+/, '')}${resolved.search}${resolved.hash}`;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * Every href this script writes passes here. The index and the offers are fetched data, so a URL
 * of another scheme than http, https or mailto (`javascript:`) is left out: the text stays, unlinked.
 */
function link(href: string | null, text: string, className?: string): HTMLAnchorElement {
  const anchor = element('a', text, className);
  if (href !== null && allowedUrl(href, document.baseURI)) anchor.href = href;
  return anchor;
}

function resultItem(row: SearchHit, accessHref: string, offer: PremiumOffer | undefined): HTMLLIElement {
  const item = element('li', undefined, row.premium ? 'item item-premium' : 'item');
  item.dataset.slug = row.slug;
  const title = element('h3', undefined, 'item-title');
  const meta = element('p', row.type === 'article' ? 'Guide' : 'Resource', 'item-meta');
  item.append(title);
  if (row.passage && !row.premium) {
    // The section that matched, with a few of its words: where the answer is.
    const passage = element('p', undefined, 'item-passage');
    passage.append(link(local(row.passage.url), row.passage.heading || row.title));
    if (row.passage.snippet) passage.append(' ', element('span', row.passage.snippet, 'item-snippet'));
    item.append(passage);
  } else item.append(element('p', row.description, 'item-description'));
  if (row.premium) {
    // A premium page answers 402 without a key: name it with its price, and say where to buy access.
    title.append(
      `${row.title} `,
      element('span', offer ? `(premium, ${offer.price} ${offer.currency})` : '(premium)', 'premium-price'),
    );
    const buy = element('p', undefined, 'offer');
    if (offer)
      buy.append(link(offer.checkout_url, `Buy an access key, ${offer.price} ${offer.currency}`, 'button'), ' ');
    buy.append(link(accessHref, 'How premium access works'));
    item.append(buy);
  } else {
    title.append(link(local(row.url), row.title));
    meta.append(' · ', link(local(row.markdown), `Markdown of ${row.title}`));
  }
  item.append(meta);
  return item;
}

/** Price and checkout of each premium slug, from the page (a template may leave them out). */
function premiumOffers(): Record<string, PremiumOffer> {
  try {
    return JSON.parse(document.getElementById('premium-offers')?.textContent || '{}') as Record<string, PremiumOffer>;
  } catch {
    return {};
  }
}

/** Reads the index's files from this host (root-relative paths), each once per page view. */
function siteReader(): SearchReader {
  const files = new Map<string, Promise<unknown>>();
  return {
    json<T>(path: string): Promise<T> {
      let file = files.get(path);
      if (!file) {
        file = fetch(path).then((response) => {
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          return response.json();
        });
        file.catch(() => files.delete(path));
        files.set(path, file);
      }
      return file as Promise<T>;
    },
  };
}

/**
 * The text of a hit's section as people read it: from its page, the heading with that id and what
 * follows it up to the next heading of level 2 or 3.
 */
async function pageSection(hit: SearchHit): Promise<string | null> {
  const page = local(hit.url);
  const anchor = hit.passage?.anchor;
  if (!page || !anchor) return null;
  const html = await (await fetch(page)).text();
  const heading = new DOMParser().parseFromString(html, 'text/html').getElementById(anchor);
  if (!heading) return null;
  const text: string[] = [];
  for (let node = heading.nextElementSibling; node && !/^H[23]$/.test(node.tagName); node = node.nextElementSibling)
    text.push(node.textContent ?? '');
  return text.join('\n');
}

/** What an agent that called the search form gets back: the hits as the page lists them, with absolute URLs. */
function agentAnswer(query: string, answer: Awaited<ReturnType<typeof searchSite>>) {
  return {
    query,
    answered: answer.answered,
    results: answer.hits.map((hit) => ({
      title: hit.title,
      type: hit.type,
      description: hit.description,
      url: hit.url,
      // A premium page answers 402 without a key: its Markdown is no better a link than its page.
      ...(hit.premium ? { premium: true } : { markdown: hit.markdown }),
      ...(hit.passage && !hit.premium
        ? { passage: { heading: hit.passage.heading, url: hit.passage.url, snippet: hit.passage.snippet } }
        : {}),
    })),
  };
}

async function start(): Promise<void> {
  if (!form || !input || !results || !status) return;
  const accessHref = results.dataset.accessHref ?? '/';
  const offers = premiumOffers();
  const reader = siteReader();
  const root = form.dataset.root ?? '/api/search/';
  let latest = 0;
  const search = (query: string) => searchSite(reader, query, { root, limit: 20, readSection: pageSection });
  /** Searches and lists the hits; resolves to what it found, or null for no query or no index. */
  const show = async (query: string) => {
    const asked = ++latest;
    if (!query.trim()) {
      results.replaceChildren();
      status.textContent = 'Type a question or a few words to search.';
      return null;
    }
    let answer: Awaited<ReturnType<typeof searchSite>>;
    try {
      answer = await search(query);
    } catch {
      status.textContent = 'The search index could not be loaded. Browse by category or tag instead.';
      return null;
    }
    // A slower answer to an earlier query never replaces the answer to a later one.
    if (asked !== latest) return answer;
    const { hits, answered } = answer;
    results.replaceChildren(...hits.map((hit) => resultItem(hit, accessHref, offers[hit.slug])));
    const asWritten = query.trim();
    status.textContent = answered
      ? `${hits.length} best ${hits.length === 1 ? 'match' : 'matches'} for “${asWritten}”.`
      : hits.length
        ? `Nothing here answers “${asWritten}”. Related, in case they help:`
        : `Nothing matches “${asWritten}”. Try other words.`;
    return answer;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const query = input.value;
    const url = new URL(location.href);
    if (query.trim()) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    clearTimeout(timer);
    timer = setTimeout(() => void show(query), 120);
  };
  input.value = new URLSearchParams(location.search).get('q') ?? '';
  form.addEventListener('submit', (event) => {
    const respond = agentResponder(event);
    event.preventDefault();
    clearTimeout(timer);
    const query = input.value;
    const shown = show(query);
    // The agent reads what the page now lists. An index that does not load is an error for it (the
    // search is tried again, to reject with why), not an empty list.
    const none = { terms: [], answered: false, hits: [] };
    respond?.(shown.then(async (answer) => agentAnswer(query, answer ?? (query.trim() ? await search(query) : none))));
  });
  input.addEventListener('input', update);
  await show(input.value);
}

void start();
