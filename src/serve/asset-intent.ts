// What Cloudflare's asset server does with a path under the generated dist/wrangler.jsonc
// (`html_handling: drop-trailing-slash`, `not_found_handling: 404-page`), step for step, so that
// `agentdir serve` redirects and falls back exactly where a deployment does.

/** A file of `public/`: `key` is its path there (`/resources/x/index.html`); two keys with one `id` are one file. */
export interface PublicFile {
  key: string;
  id: string;
  read(): Promise<Uint8Array<ArrayBuffer>>;
}

/** The file at exactly `key`, as the asset manifest lists it, or null. */
export type FindFile = (key: string) => Promise<PublicFile | null>;

/** A file to answer with (a page, or the 404 page with status 404), or the path to redirect to. */
export type AssetIntent = { file: PublicFile; status: 200 | 404 } | { redirect: string };

/** Each segment percent-decoded (a malformed one kept as it is), then runs of slashes collapsed. */
export function decodeAssetPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/')
    .replace(/\/+/g, '/');
}

/** The one spelling the asset server answers at: each segment percent-encoded as `encodeURIComponent` does. */
export function encodeAssetPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

const page = (file: PublicFile): AssetIntent => ({ file, status: 200 });

/** The 404 page nearest to `pathname`: `/a/b` looks for `/a/404.html`, then `/404.html`. */
async function notFound(pathname: string, find: FindFile): Promise<AssetIntent | null> {
  let folder = pathname;
  while (folder) {
    folder = folder.slice(0, folder.lastIndexOf('/'));
    const file = await find(`${folder}/404.html`);
    if (file) return { file, status: 404 };
  }
  return null;
}

/** Redirects to `destination` only when that is not a file itself and serves the very `file` asked for. */
async function safeRedirect(file: string, destination: string, find: FindFile): Promise<AssetIntent | null> {
  if (await find(destination)) return null;
  const intent = await dropTrailingSlash(destination, find, false);
  const asked = await find(file);
  return intent && 'file' in intent && asked && intent.file.id === asked.id ? { redirect: destination } : null;
}

/** `drop-trailing-slash`: `/x` answers `/x.html` or `/x/index.html`; `/x/`, `/x.html` and `/x/index.html` redirect there. */
async function dropTrailingSlash(pathname: string, find: FindFile, redirects: boolean): Promise<AssetIntent | null> {
  const redirect = async (file: string, destination: string) =>
    redirects ? safeRedirect(file, destination, find) : null;
  const exact = await find(pathname);
  let redirected: AssetIntent | null = null;
  if (pathname.endsWith('/index')) {
    if (exact) return page(exact);
    const folder = pathname.slice(0, -'/index'.length);
    redirected =
      pathname === '/index'
        ? await redirect('/index.html', '/')
        : ((await redirect(`${folder}.html`, folder)) ?? (await redirect(`${pathname}.html`, folder)));
  } else if (pathname.endsWith('/index.html')) {
    const folder = pathname.slice(0, -'/index.html'.length);
    if (pathname === '/index.html') redirected = await redirect('/index.html', '/');
    else {
      redirected = await redirect(pathname, folder);
      if (!redirected && exact) return page(exact);
      redirected ??= await redirect(`${folder}.html`, folder);
    }
  } else if (pathname.endsWith('/')) {
    const folder = pathname.slice(0, -1);
    if (pathname === '/') {
      const index = await find('/index.html');
      if (index) return page(index);
    } else redirected = (await redirect(`${folder}.html`, folder)) ?? (await redirect(`${folder}/index.html`, folder));
  } else if (pathname.endsWith('.html')) {
    const name = pathname.slice(0, -'.html'.length);
    redirected = (await redirect(pathname, name)) ?? (await redirect(`${name}/index.html`, name));
  }
  if (redirected) return redirected;
  if (exact) return page(exact);
  const file = (await find(`${pathname}.html`)) ?? (await find(`${pathname}/index.html`));
  return file ? page(file) : notFound(pathname, find);
}

/** The intent for a decoded, slash-collapsed path (`decodeAssetPath`), or null when not even a 404 page exists. */
export function assetIntent(pathname: string, find: FindFile): Promise<AssetIntent | null> {
  return dropTrailingSlash(pathname, find, true);
}
