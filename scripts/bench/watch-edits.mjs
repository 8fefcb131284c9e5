// The edit loop as a person editing a large directory lives it: `agentdir serve --watch`, one save,
// then poll the page until the server answers with the edit. Times from the save to the first
// answer that carries it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const pollMs = 5;
const timeoutMs = 120_000;

/** Polls `url` until its body contains `marker`; the time since `since`, in seconds. */
async function servedAfter(url, marker, since) {
  while (performance.now() - since < timeoutMs) {
    const response = await fetch(url).catch(() => null);
    const body = response ? await response.text() : '';
    if (body.includes(marker)) return (performance.now() - since) / 1000;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} never showed "${marker}" after ${timeoutMs / 1000} s`);
}

/**
 * The page of a paginated listing that links `slug`: from the listing's first page, along its
 * rel="next" links (absolute, on the site's own base URL, so only their path is followed here).
 */
async function listingPageShowing(base, listingPath, slug) {
  let url = new URL(listingPath, base);
  for (;;) {
    const body = await (await fetch(url)).text();
    if (body.includes(`href="/resources/${slug}"`)) return url.href;
    const next = /<link rel="next" href="([^"]+)"/.exec(body)?.[1];
    if (!next) throw new Error(`no page of ${listingPath} links ${slug}`);
    url = new URL(new URL(next).pathname, base);
  }
}

/** Resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
function residentBytes(pid) {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * Starts `agentdir serve --watch` over a copy of `contentDir` (its own dist and parse cache, under
 * `work`), then saves `edits` body edits (one sentence appended to a resource) and `titleEdits` title
 * edits (which change the listing pages), one at a time.
 */
export async function watchEdits({ node = process.execPath, cli, contentDir, work, edits = 20, titleEdits = 5 }) {
  const folder = path.join(work, 'watch');
  fs.rmSync(folder, { recursive: true, force: true });
  const content = path.join(folder, 'content');
  fs.cpSync(contentDir, content, { recursive: true });
  const started = performance.now();
  const server = spawn(node, [cli, 'serve', 'dist', '--watch', '--content', 'content', '--port', '0'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    const base = await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        const found = /http:\/\/\S+?\//.exec(chunk.toString());
        if (found) resolve(found[0]);
      });
      server.on('exit', (code) => reject(new Error(`serve --watch exited ${code}\n${stderr.slice(0, 2000)}`)));
    });
    const startSeconds = (performance.now() - started) / 1000;
    // Resident memory of the server: after its first build, at its peak while edited and rebuilt,
    // and once the builds after the last edit are done (no growth per edit is the goal).
    const rss = { start: residentBytes(server.pid), peak: 0, end: null, everyTenEdits: [] };
    const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, residentBytes(server.pid) ?? 0)), 100);
    const resources = fs.readdirSync(path.join(content, 'resources')).sort();
    const body = [];
    for (let index = 0; index < edits; index++) {
      const name = resources[(index * 97) % resources.length];
      const marker = `Watch edit ${index} ${Date.now()}.`;
      const file = path.join(content, 'resources', name);
      const since = performance.now();
      fs.appendFileSync(file, `\n${marker}\n`);
      body.push(await servedAfter(`${base}api/resources/${name.replace(/\.md$/, '')}.json`, marker, since));
      if ((index + 1) % 10 === 0) rss.everyTenEdits.push(residentBytes(server.pid));
    }
    const title = [];
    for (let index = 0; index < titleEdits; index++) {
      const name = resources[(index * 131 + 11) % resources.length];
      const file = path.join(content, 'resources', name);
      const text = fs.readFileSync(file, 'utf8');
      const category = /^category: (\S+)$/m.exec(text)[1];
      // Listings are paginated: the page to watch is the one that shows this resource.
      const listing = await listingPageShowing(base, `categories/${category}`, name.replace(/\.md$/, ''));
      const marker = `Retitled ${index} ${Date.now()}`;
      const since = performance.now();
      fs.writeFileSync(file, text.replace(/^title: .*$/m, `title: "${marker}"`));
      title.push(await servedAfter(listing, marker, since));
    }
    // The last edit's build: wait for the rebuilds to stop (the peak counts them), then read the memory once more.
    let seen = -1;
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const count = stderr.split('Rebuilt in').length;
      quiet = count === seen ? quiet + 1 : 0;
      seen = count;
    }
    clearInterval(sampler);
    rss.end = residentBytes(server.pid);
    return {
      startSeconds,
      rss,
      body: { median: percentile(body, 0.5), p95: percentile(body, 0.95), samples: body },
      title: { median: percentile(title, 0.5), p95: percentile(title, 0.95), samples: title },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.on('exit', resolve) : resolve()));
  }
}
