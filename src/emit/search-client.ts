// Runs in the reader's browser on /search, never in the build (search-page.ts bundles it): it ranks
// the rows of /api/search-index.json with the code the MCP server's search tool uses (schemas/search-index.schema.json).
// The page reads without it; the script only fills in the results.
import { rankRows, type SearchRow } from '../shared/search-rank.js';
import { allowedUrl } from '../markdown/url-scheme.js';

interface IndexRow extends SearchRow {
  url: string;
  markdown: string;
  premium: boolean;
}

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

function resultItem(row: IndexRow, accessHref: string, offer: PremiumOffer | undefined): HTMLLIElement {
  const item = element('li', undefined, row.premium ? 'item item-premium' : 'item');
  item.dataset.slug = row.slug;
  const title = element('h3', undefined, 'item-title');
  const meta = element('p', row.type === 'article' ? 'Guide' : 'Resource', 'item-meta');
  item.append(title, element('p', row.description, 'item-description'));
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

async function start(): Promise<void> {
  if (!form || !input || !results || !status) return;
  const accessHref = results.dataset.accessHref ?? '/';
  const offers = premiumOffers();
  let rows: IndexRow[] = [];
  const show = (query: string) => {
    const ranked = rankRows(rows, query, 20);
    results.replaceChildren(...ranked.map((row) => resultItem(row, accessHref, offers[row.slug])));
    status.textContent = !query.trim()
      ? 'Type a few words to search.'
      : ranked.length
        ? `${ranked.length} best ${ranked.length === 1 ? 'match' : 'matches'} for “${query.trim()}”.`
        : `Nothing matches “${query.trim()}”. Try fewer or other words.`;
  };
  const update = () => {
    const query = input.value;
    const url = new URL(location.href);
    if (query.trim()) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    show(query);
  };
  input.value = new URLSearchParams(location.search).get('q') ?? '';
  status.textContent = 'Loading the search index…';
  try {
    const response = await fetch(form.dataset.index ?? '/api/search-index.json');
    rows = ((await response.json()) as { rows: IndexRow[] }).rows;
  } catch {
    status.textContent = 'The search index could not be loaded. Browse by category or tag instead.';
    return;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  input.addEventListener('input', update);
  show(input.value);
}

void start();
