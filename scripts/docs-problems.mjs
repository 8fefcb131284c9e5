#!/usr/bin/env node
// `npm run docs:problems`: writes what docs/problems/ repeats of the problem catalog
// (src/errors/catalog.ts) from the catalog itself: each page's title line, `# <code>: <title>`, and
// the table of every code in docs/problems/README.md. The rest of each page is written by hand and
// kept as it is. test/unit/problem-docs.test.ts fails while the pages and the catalog disagree.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const problemsDir = path.join(root, 'docs', 'problems');
const indexName = 'README.md';

/** The section of the index written from the catalog: from its heading to the next one. */
const tableHeading = '## Every code\n';
const tableNote =
  '<!-- Written by `npm run docs:problems` from src/errors/catalog.ts: change a title there, not here. -->';

/** The severity a page states on its `**Severity:**` line (severities are chosen where a problem is reported, not in the catalog). */
function pageSeverity(text) {
  return /^\*\*Severity:\*\* (error|warning)\b/m.exec(text)?.[1];
}

function indexText(index, rows) {
  const start = index.indexOf(tableHeading);
  const end = index.indexOf('\n## ', start + tableHeading.length);
  if (start === -1 || end === -1) return null;
  const table = [
    tableNote,
    '',
    '| code | title | severity |',
    '| --- | --- | --- |',
    ...rows.map(({ code, title, severity }) => `| [\`${code}\`](./${code}.md) | ${title} | ${severity} |`),
  ];
  return `${index.slice(0, start)}${tableHeading}\n${table.join('\n')}\n${index.slice(end)}`;
}

/**
 * What docs/problems/ in `dir` should hold for `catalog` (code to `{ title }`, in catalog order):
 * each file's name and text, made from the pages there now; and what cannot be written, in words
 * to act on (a code without a page, a page without a code, a page without its severity).
 */
export function problemDocs(catalog, dir = problemsDir) {
  const files = new Map();
  const problems = [];
  const shown = (name) => path.relative(root, path.join(dir, name)).split(path.sep).join('/');
  const codes = Object.keys(catalog);
  const rows = [];
  for (const code of codes) {
    const name = `${code}.md`;
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      problems.push(
        `${shown(name)} is missing: the catalog has the code \`${code}\`. Write its page (What it means, Example, How to fix), then run \`npm run docs:problems\`.`,
      );
      continue;
    }
    const page = fs.readFileSync(file, 'utf8');
    const { title } = catalog[code];
    const body = page.slice(page.indexOf('\n') === -1 ? page.length : page.indexOf('\n'));
    files.set(name, `# ${code}: ${title}${body}`);
    const severity = pageSeverity(page);
    if (severity) rows.push({ code, title, severity });
    else problems.push(`${shown(name)} states no severity: add a line \`**Severity:** error\` (or \`warning\`).`);
  }
  const known = new Set(codes.map((code) => `${code}.md`));
  for (const name of fs.readdirSync(dir).sort())
    if (name.endsWith('.md') && name !== indexName && !known.has(name))
      problems.push(
        `${shown(name)} documents no code of the catalog: remove it, or add \`${name.replace(/\.md$/, '')}\` to src/errors/catalog.ts.`,
      );
  const index = indexText(fs.readFileSync(path.join(dir, indexName), 'utf8'), rows);
  if (index === null)
    problems.push(`${shown(indexName)} has no \`${tableHeading.trim()}\` section followed by another.`);
  else files.set(indexName, index);
  return { files, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { problemCatalog } = await import(new URL('../lib/errors/catalog.js', import.meta.url).href);
  const { files, problems } = problemDocs(problemCatalog);
  const written = [];
  for (const [name, text] of files) {
    const file = path.join(problemsDir, name);
    if (fs.readFileSync(file, 'utf8') === text) continue;
    fs.writeFileSync(file, text);
    written.push(name);
  }
  console.error(
    written.length ? `Wrote docs/problems/: ${written.join(', ')}.` : 'docs/problems/ agrees with the catalog.',
  );
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exitCode = 1;
}
