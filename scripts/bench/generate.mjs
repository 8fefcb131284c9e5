// Seeded synthetic content directories for the benchmark. The same seed always gives the same files.
import fs from 'node:fs';
import path from 'node:path';

/** mulberry32: a small, fast, seeded PRNG. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const lorem =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'.split(
    ' ',
  );
const categories = [
  'protocols',
  'discovery',
  'payments',
  'security',
  'data',
  'architecture',
  'operations',
  'evaluation',
  'retrieval',
  'models',
];
const tags = Array.from({ length: 30 }, (_, index) => `tag-${index}`);

function words(next, count) {
  return Array.from({ length: count }, () => lorem[Math.floor(next() * lorem.length)]).join(' ');
}
function sentence(next, count) {
  const text = words(next, count);
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}
function paragraph(next, sentences = 5) {
  return Array.from({ length: sentences }, () => sentence(next, 8 + Math.floor(next() * 10))).join(' ');
}
function pick(next, list, count) {
  const chosen = new Set();
  while (chosen.size < count) chosen.add(list[Math.floor(next() * list.length)]);
  return [...chosen];
}

const siteYaml = `name: Benchmark Directory
url: https://bench.example
description: A synthetic directory for measuring build times.
publisher:
  name: Bench
pricing:
  payment_url: https://bench.example/buy
  tiers:
    - id: starter
      name: Access key
      price: 5
      currency: EUR
      deliverables: [A key]
      license_grant: Read premium resources.
`;

function frontMatter(fields) {
  return `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? `[${value.join(', ')}]` : value}`)
    .join('\n')}\n---\n\n`;
}

/** A resource of about 4.5 KB of GFM: sections, a list, a table, inline code, links, a code block, verified sources. */
function directoryBody(next, slug, count) {
  const link = () => `/resources/res-${String(Math.floor(next() * count)).padStart(5, '0')}`;
  return [
    `${paragraph(next, 4)} See [a related resource](${link()}) and \`config.${words(next, 1)}\`.`,
    `## Overview of ${words(next, 2)}`,
    paragraph(next, 5),
    `- ${sentence(next, 6)}\n- ${sentence(next, 7)} with \`inline_code\`\n- ${sentence(next, 5)} [link](${link()})\n- ${sentence(next, 6)}`,
    `## Comparison`,
    `| Option | Latency | Notes |\n| --- | --- | --- |\n${Array.from({ length: 5 }, () => `| ${words(next, 2)} | ${Math.floor(next() * 900)} ms | ${words(next, 6)} |`).join('\n')}`,
    `### Details for ${slug}`,
    paragraph(next, 6),
    paragraph(next, 5),
    `\`\`\`ts\nconst result = await client.call({ name: "${words(next, 1)}", arguments: { limit: 10 } });\nconsole.log(result.items.length);\n\`\`\``,
    `## Practice`,
    `${paragraph(next, 6)} **${words(next, 3)}** and _${words(next, 2)}_ matter.`,
    paragraph(next, 6),
    `> ${sentence(next, 14)}`,
    `1. ${sentence(next, 8)}\n2. ${sentence(next, 9)}\n3. ${sentence(next, 7)}`,
    `## Verified sources`,
    `- [Specification](https://spec.example/${slug})\n- [Documentation](https://docs.example/${words(next, 1)})\n- [Paper](https://arxiv.org/abs/2401.${String(Math.floor(next() * 99999)).padStart(5, '0')})`,
  ].join('\n\n');
}

/**
 * Writes a content folder. `shape` is "zach" (a title and three lorem paragraphs, like the well-known
 * 4000-file Markdown benchmark) or "directory" (about 4.5 KB of GFM each, plus articles in clusters).
 */
export function generate(dir, { shape, resources, clusters = 0, articlesPerCluster = 10, seed = 42 }) {
  const next = random(seed);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'resources'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.yaml'), siteYaml);
  for (let index = 0; index < resources; index++) {
    const slug = `res-${String(index).padStart(5, '0')}`;
    const fields = {
      title: JSON.stringify(`Resource ${index}: ${words(next, 3)}`),
      description: JSON.stringify(sentence(next, 12)),
      category: categories[index % categories.length],
      tags: pick(next, tags, 3),
      updated: `2026-0${1 + (index % 9)}-1${index % 9}`,
    };
    const body =
      shape === 'zach'
        ? [paragraph(next, 6), paragraph(next, 6), paragraph(next, 6)].join('\n\n')
        : directoryBody(next, slug, resources);
    fs.writeFileSync(path.join(dir, 'resources', `${slug}.md`), `${frontMatter(fields) + body}\n`);
  }
  for (let cluster = 0; cluster < clusters; cluster++) {
    const folder = path.join(dir, 'articles', `cluster-${String(cluster).padStart(3, '0')}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'cluster.yaml'), `title: Cluster ${cluster}\nstatus: active\n`);
    for (let article = 0; article < articlesPerCluster; article++) {
      const fields = {
        title: JSON.stringify(`Guide ${cluster}.${article}`),
        description: JSON.stringify(sentence(next, 10)),
        kind: article === 0 ? 'pillar' : 'sub',
        ...(article ? { order: article } : {}),
        published: '2026-03-01',
        updated: '2026-04-01',
      };
      fs.writeFileSync(
        path.join(folder, `guide-${cluster}-${article}.md`),
        `${frontMatter(fields) + directoryBody(next, `guide-${cluster}-${article}`, resources)}\n`,
      );
    }
  }
}
