// The least any build must do after one resource's body changed, timed step by step with
// agentdir's own code: what no one-change build, however incremental, can skip. `npm run bench`
// bundles this file as the CLI is bundled (`floorScript` in run.mjs) and runs it after each one-change
// build, with the output and the cache that build started from; it prints one JSON line of
// milliseconds per step. Arguments: content folder, output folder, cache copy, scratch folder, the
// changed resource.
//
// It writes nothing the next build reads: new files go to `scratch`, and the input check and the
// search postings use their own copy of the cache (`cache`). Where it takes a shortcut the real
// work costs more: the page is a one-line template, and the export parts are the old ones with a
// line added (the same bytes to read and to write as the document's new parts).
import fs from 'node:fs';
import path from 'node:path';
import { inputKey, readManifest } from '../../lib/compile/up-to-date.js';
import { parseDocument } from '../../lib/content/parse-document.js';
import { assembleResources } from '../../lib/content/load-resources.js';
import { schemaRegistry } from '../../lib/schemas/registry.js';
import { SearchPartCache } from '../../lib/compile/search-part-cache.js';
import { makeSearchPart, totalsPerDocument } from '../../lib/emit/helpers/search-part.js';
import { patchMerged } from '../../lib/emit/helpers/merged-postings.js';
import { keptPostings } from '../../lib/emit/helpers/term-postings.js';
import { shardOf } from '../../lib/shared/search/index-format.js';
import { numbersPerShard } from '../../lib/emit/search-index.js';
import { bodyHtml } from '../../lib/markdown/stored-markdown.js';
import { resourceRow } from '../../lib/emit/indexes.js';
import { siteUrls } from '../../lib/emit/helpers/urls.js';
import { Liquid } from 'liquidjs';

/** @param {string[]} args */
async function floor(args) {
  const [contentDir, outDir, cache, scratch, changed] = args;
  const steps = {};
  let last = performance.now();
  steps['node and code'] = last;
  const step = (name) => {
    const now = performance.now();
    steps[name] = now - last;
    last = now;
  };
  // 1. What changed: every input's digest, through the table of file statuses a build keeps.
  inputKey({ contentDir, cacheDir: cache });
  step('input check');
  // 2. Where each export holds each document's part.
  const manifest = readManifest(outDir);
  step('manifest');
  // 3. The changed document, parsed and checked as a build parses it.
  const file = path.relative(contentDir, changed).split(path.sep).join('/');
  const text = fs.readFileSync(changed, 'utf8');
  const parsed = parseDocument({ file, text, kind: 'resource' }, schemaRegistry().validator('resource.frontmatter'));
  const [resource] = assembleResources([file], [parsed]).resources;
  step('parse');
  // 4. Its page (a real page has a layout, partials and more data: it costs more).
  const page = await new Liquid().parseAndRender('<title>{{ title }}</title><main>{{ body }}</main>', {
    title: resource.title,
    body: parsed.rendered ? bodyHtml(parsed.rendered) : '',
  });
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  for (const name of ['page.html', 'page.md', 'page.json']) fs.writeFileSync(path.join(scratch, name), page);
  step('page');
  // 5. Every export that holds a part of it, written again whole: a file replaced for its readers.
  let written = 0;
  for (const [name, parts] of Object.entries(manifest.parts ?? {})) {
    const previous = fs.readFileSync(path.join(outDir, name));
    const [, offset, length] = parts[Math.min(7, parts.length - 1)];
    const part = Buffer.concat([previous.subarray(offset, offset + length), Buffer.from('\n\nOne more line.')]);
    const next = Buffer.concat([previous.subarray(0, offset), part, previous.subarray(offset + length)]);
    fs.writeFileSync(path.join(scratch, `export-${written++}`), next);
  }
  step('exports');
  // 6. The search postings patched with its new part, the common terms weighed again, every shard written.
  // The cache keys its folder by the content folder only (a model's `dir`).
  const store = new SearchPartCache(cache, /** @type {any} */ ({ dir: contentDir }));
  const merged = store.mergedPostings('agents');
  if (merged) {
    const row = resourceRow(resource, siteUrls('https://bench.example/'));
    const part = makeSearchPart(resource, 'agents', { category: resource.category, head: [] }, row);
    const patch = new Map([...merged.patch, [Math.min(7, merged.postings.keys.length - 1), { key: 'floor', part }]]);
    const postings = patchMerged(merged.postings, patch);
    const sums = [0, 0, 0, 0];
    for (let at = 0; at < postings.totals.length; at += totalsPerDocument)
      for (let n = 0; n < 4; n++) sums[n] += postings.totals[at + n];
    const kept = keptPostings(postings, { head: sums[0] / sums[1], section: sums[2] / sums[3] });
    const shards = Math.max(1, Math.ceil(kept.numbers / numbersPerShard));
    const termsOf = Array.from({ length: shards }, () => []);
    for (const [id, term] of kept.terms.entries()) termsOf[shardOf(term, shards)].push(id);
    for (const [n, ids] of termsOf.entries()) {
      const entries = ids.map((id) => `${JSON.stringify(kept.terms[id])}:[${kept.postings(id).join(',')}]`);
      fs.writeFileSync(path.join(scratch, `shard-${n}`), `{"postings":{${entries.join(',')}}}`);
    }
    store.setMergedPostings('agents', postings, patch);
    store.save();
  }
  step('search');
  // 7. The manifest, and the new files moved into place.
  fs.writeFileSync(path.join(scratch, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
  const placed = path.join(scratch, 'placed');
  fs.mkdirSync(placed);
  for (const name of fs.readdirSync(scratch))
    if (name !== 'placed') fs.renameSync(path.join(scratch, name), path.join(placed, name));
  step('manifest and commit');
  steps.total = performance.now();
  console.log(JSON.stringify(Object.fromEntries(Object.entries(steps).map(([name, ms]) => [name, Math.round(ms)]))));
}

await floor(process.argv.slice(2));
