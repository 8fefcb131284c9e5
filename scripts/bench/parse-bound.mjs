#!/usr/bin/env node
// Part of `npm run bench`: the parse bound of a cold build. Parses and renders every Markdown file of
// a content folder once, on one thread, the way a parse thread does (front matter, GFM Markdown to
// HTML, outline), and prints the CPU seconds that took. Divided by the cores, it is the least wall
// time any cold build of the folder can take while it parses each file once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { parseDocument } = await import(path.join(root, 'lib', 'content', 'parse-document.js'));
const { schemaRegistry } = await import(path.join(root, 'lib', 'schemas', 'registry.js'));

const contentDir = path.resolve(process.argv[2]);
const validators = {
  resource: schemaRegistry().validator('resource.frontmatter'),
  article: schemaRegistry().validator('article.frontmatter'),
};
const jobs = [];
for (const [folder, kind] of [
  ['resources', 'resource'],
  ['articles', 'article'],
]) {
  const dir = path.join(contentDir, folder);
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.md')) {
      const file = path.join(entry.parentPath, entry.name);
      jobs.push({ file, text: fs.readFileSync(file, 'utf8'), kind });
    }
}
// One document first, so the processor's and validators' one-time setup is not counted.
parseDocument(jobs[0], validators[jobs[0].kind]);
const before = process.cpuUsage();
for (const job of jobs) parseDocument(job, validators[job.kind]);
const used = process.cpuUsage(before);
process.stdout.write(`${JSON.stringify({ documents: jobs.length, cpuSeconds: (used.user + used.system) / 1e6 })}\n`);
