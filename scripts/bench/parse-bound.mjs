#!/usr/bin/env node
// Part of `npm run bench`: the parse bound of a cold build. Parses and renders every Markdown file of
// a content folder once, on one thread, the way a parse thread does (front matter, GFM Markdown to
// HTML, outline), and prints the CPU seconds that took. Divided by the cores, it is the least wall
// time a cold build of the folder can take while it parses each file once with micromark and all
// of GFM. Also printed: the CPU seconds of the parse the build does, which gives the same HTML faster.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { parseDocument } = await import(path.join(root, 'lib', 'content', 'parse-document.js'));
const { schemaRegistry } = await import(path.join(root, 'lib', 'schemas', 'registry.js'));
const { parseWithGfm } = await import(path.join(root, 'lib', 'markdown', 'processor.js'));

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
parseDocument(jobs[0], validators[jobs[0].kind], parseWithGfm);
// Each document with all of GFM (the bound), then as the build parses it (the cheapest parse
// that gives the same tree: see src/markdown/processor.ts), each on the CPU clock.
let gfm = 0;
let build = 0;
for (const job of jobs) {
  const before = process.cpuUsage();
  parseDocument(job, validators[job.kind], parseWithGfm);
  const between = process.cpuUsage();
  parseDocument(job, validators[job.kind]);
  const after = process.cpuUsage();
  gfm += between.user + between.system - before.user - before.system;
  build += after.user + after.system - between.user - between.system;
}
process.stdout.write(
  `${JSON.stringify({ documents: jobs.length, cpuSeconds: gfm / 1e6, buildParseCpuSeconds: build / 1e6 })}\n`,
);
