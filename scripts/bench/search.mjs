#!/usr/bin/env node
// `npm run bench:search`: how well search answers real questions (scripts/bench/search-questions.json,
// written from the documents' bodies without looking at any ranking code). Builds content/ (or the
// folder given), then asks every question as a sentence and as keywords of three rankers side by
// side: the title/tags/description ranker that /api/search-index.json describes (the MCP search
// tools' ranker before full text), an untuned off-the-shelf BM25 (MiniSearch) over title,
// description, tags and body, and the full-text search of /api/search/. Prints hit@1, hit@3, MRR
// and, for the questions the directory does not answer, how many each says so of.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { rankRows } from '../../lib/shared/search-rank.js';
import { searchRoots } from '../../lib/shared/search/index-format.js';
import { searchSite } from '../../lib/shared/search/search-site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const content = path.resolve(folder ?? path.join(root, 'content'));
const questions = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'bench', 'search-questions.json'), 'utf8'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-search-bench-'));
const dist = path.join(work, 'dist');
execFileSync(process.execPath, [path.join(root, 'bin', 'agentdir.js'), 'build', content, '--out', dist, '--quiet'], {
  stdio: 'inherit',
});
const pub = path.join(dist, 'public');
const readJson = (pathname) => JSON.parse(fs.readFileSync(path.join(pub, pathname), 'utf8'));
const reader = { json: async (pathname) => readJson(pathname) };

const rows = readJson('/api/search-index.json').rows;
const bodyOf = (row) => {
  const file = path.join(pub, new URL(row.json).pathname);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')).body ?? '') : '';
};
const miniSearch = new MiniSearch({ fields: ['title', 'description', 'tags', 'body'], storeFields: ['slug'] });
miniSearch.addAll(
  rows.map((row, id) => ({
    id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    tags: row.tags.join(' '),
    body: bodyOf(row),
  })),
);

/** Each ranker: the slugs it ranks for a query, best first, and whether it says the site answers. */
const rankers = {
  'title/tags/description': async (query) => {
    const hits = rankRows(rows, query, 10);
    return { slugs: hits.map((hit) => hit.slug), answered: hits.length > 0 };
  },
  'BM25, untuned (MiniSearch)': async (query) => {
    const hits = miniSearch.search(query).slice(0, 10);
    return { slugs: hits.map((hit) => hit.slug), answered: hits.length > 0 };
  },
  'full text (/api/search/)': async (query) => {
    const answer = await searchSite(reader, query, { root: searchRoots.agents, limit: 10, snippets: 0 });
    return { slugs: answer.hits.map((hit) => hit.slug), answered: answer.answered };
  },
};

const misses = new Map();
const table = [];
for (const [name, rank] of Object.entries(rankers)) {
  for (const style of ['sentence', 'keywords']) {
    let hit1 = 0;
    let hit3 = 0;
    let reciprocal = 0;
    let wronglyNotHere = 0;
    for (const question of questions.answerable) {
      const { slugs, answered } = await rank(question[style]);
      if (!answered) wronglyNotHere++;
      const position = slugs.findIndex((slug) => question.expected.includes(slug));
      if (position === 0) hit1++;
      if (position >= 0 && position < 3) hit3++;
      if (position >= 0) reciprocal += 1 / (position + 1);
      if (position !== 0 && name.startsWith('full text')) {
        const list = misses.get(style) ?? [];
        list.push(
          `${question.id} ${question[style]} -> ${slugs.slice(0, 3).join(', ') || '(none)'} (want ${question.expected.join(' or ')})`,
        );
        misses.set(style, list);
      }
    }
    let notHere = 0;
    for (const question of questions.unanswerable) if (!(await rank(question[style])).answered) notHere++;
    const count = questions.answerable.length;
    table.push({
      ranker: name,
      style,
      'hit@1': (hit1 / count).toFixed(2),
      'hit@3': (hit3 / count).toFixed(2),
      MRR: (reciprocal / count).toFixed(2),
      'not here': `${notHere}/${questions.unanswerable.length}`,
      'not here, wrongly': `${wronglyNotHere}/${count}`,
    });
  }
}
console.log(
  `${questions.answerable.length} answerable and ${questions.unanswerable.length} unanswerable questions, ${rows.length} documents (${path.relative(process.cwd(), content) || '.'})\n`,
);
console.table(table);
if (process.argv.includes('--misses'))
  for (const [style, list] of misses) console.log(`\nfull text misses (${style}):\n${list.join('\n')}`);
fs.rmSync(work, { recursive: true, force: true });
