import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, tempDir } from './helpers/fixtures.js';

// A large site stays readable in pieces: llms.txt past its budget becomes an index of section files
// (README: llms.txt), each within the budget and valid llms.txt, every free document in exactly one;
// the home page lists a few resources per category, not all of them.

/**
 * The llmstxt.org grammar, line by line: an H1 first, then an optional blockquote, free notes, and
 * H2 sections whose lists are `- [name](url)` with optional `: notes`. Returns what breaks it.
 */
function llmsTxtShapeErrors(text: string): string[] {
  const errors: string[] = [];
  const lines = text.split('\n');
  if (!/^# \S/.test(lines[0] ?? '')) errors.push(`first line is not an H1: ${lines[0]}`);
  let inSection = false;
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line === '') continue;
    if (/^# /.test(line)) errors.push(`second H1 at line ${index + 1}`);
    else if (/^## \S/.test(line)) inSection = true;
    else if (/^#{3,} /.test(line)) errors.push(`heading below H2 at line ${index + 1}`);
    else if (inSection && !/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^\s)]+\)(?:: .+)?$/.test(line))
      errors.push(`not a link list item in a section, line ${index + 1}: ${line}`);
  }
  if (!inSection) errors.push('no H2 section');
  return errors;
}

/** The link targets of an llms.txt file's sections. */
function sectionLinks(text: string): string[] {
  const body = text.slice(text.indexOf('\n## '));
  return [...body.matchAll(/^- \[(?:[^\]\\]|\\.)+\]\((\S+?)\)/gm)].map((match) => match[1]!);
}

function readSplit(pub: string) {
  const root = fs.readFileSync(path.join(pub, 'llms.txt'), 'utf8');
  const folder = path.join(pub, 'llms');
  const sections = new Map(
    fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name), 'utf8')] as const),
  );
  return { root, sections };
}

let pub: string;

describe('llms.txt of a 4,000-resource site', () => {
  let free: string[];
  let guides: string[];
  beforeAll(async () => {
    const content = path.join(tempDir(), 'content');
    // What these checks read is how many documents there are, not how long each is: resources of
    // three plain paragraphs (the "zach" shape) build in half the time of full GFM ones.
    generate(content, { shape: 'zach', resources: 4000, clusters: 3, articlesPerCluster: 5 });
    free = fs.readdirSync(path.join(content, 'resources')).map((name) => name.replace(/\.md$/, ''));
    guides = fs
      .readdirSync(path.join(content, 'articles'))
      .flatMap((cluster) => fs.readdirSync(path.join(content, 'articles', cluster)))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.replace(/\.md$/, ''));
    const { outDir } = await buildFixture(content);
    pub = path.join(outDir, 'public');
  }, 240_000);

  it('keeps the root llms.txt under 50,000 characters as a valid index of section files', () => {
    const { root, sections } = readSplit(pub);
    expect(root.length).toBeLessThan(50_000);
    expect(llmsTxtShapeErrors(root)).toEqual([]);
    const linked = sectionLinks(root)
      .map((url) => new URL(url).pathname)
      .filter((pathname) => pathname.startsWith('/llms/'));
    expect(linked.sort()).toEqual([...sections.keys()].map((name) => `/llms/${name}`).sort());
    // Each line says how large its file is.
    for (const line of root.split('\n').filter((line) => line.startsWith('- [') && line.includes('/llms/')))
      expect(line).toMatch(/about [\d,]+ tokens/);
  });

  it('writes section files that are each valid llms.txt under the budget', () => {
    const { sections } = readSplit(pub);
    expect(sections.size).toBeGreaterThan(10);
    for (const [name, text] of sections) {
      expect(text.length, name).toBeLessThan(50_000);
      expect(llmsTxtShapeErrors(text), name).toEqual([]);
    }
  });

  it('lists every free resource and guide in exactly one section file', () => {
    const { sections } = readSplit(pub);
    const seen = new Map<string, number>();
    for (const text of sections.values())
      for (const url of sectionLinks(text)) seen.set(new URL(url).pathname, (seen.get(new URL(url).pathname) ?? 0) + 1);
    const documents = [...free.map((slug) => `/resources/${slug}.md`), ...guides.map((slug) => `/articles/${slug}.md`)];
    expect(documents.filter((document) => seen.get(document) !== 1)).toEqual([]);
  });

  it('offers the full text of each section beside it, the same documents in the same order', () => {
    const { sections } = readSplit(pub);
    for (const [name, text] of sections) {
      const full = fs.readFileSync(path.join(pub, 'llms-full', name), 'utf8');
      expect(full).toMatch(/in full: about [\d,]+ tokens\./);
      const sources = [...full.matchAll(/^Source: (\S+)$/gm)].map((match) => match[1]);
      expect(sources).toEqual(sectionLinks(text).filter((url) => !url.includes('/guides/')));
    }
  });
});

describe('the home page of a 4,000-resource site', () => {
  it('lists a few resources per category and links the category page for the rest', () => {
    const home = fs.readFileSync(path.join(pub, 'index.html'), 'utf8');
    // AFDocs fails a page past 100,000 characters of Markdown; the whole list of 4,000 made 253,000.
    expect(home.length).toBeLessThan(60_000);
    expect(home).toContain('<a href="/categories/protocols">All 400 resources in Protocols</a>');
    expect(home.match(/href="\/resources\/res-\d+"/g)?.length).toBe(10 * 12);
  });
});

describe('llms.txt of a small site over a small budget', () => {
  let small: string;
  beforeAll(async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), '\nllms_txt:\n  max_characters: 1000\n');
    // Enough resources in one category that its list cannot fit one file.
    for (let index = 1; index <= 8; index++) {
      fs.writeFileSync(
        path.join(content, 'resources', `extra-${index}.md`),
        `---\ntitle: Extra resource ${index}\ndescription: One of several resources that make the protocols list long.\ncategory: protocols\ntags: [formats]\nupdated: 2026-05-05\n---\n\nText of extra resource ${index}.\n`,
      );
    }
    const { outDir } = await buildFixture(content);
    small = path.join(outDir, 'public');
  });

  it('gives premium resources, guide clusters and learning paths sections of their own', () => {
    const { sections } = readSplit(small);
    const names = [...sections.keys()];
    expect(names).toContain('premium-resources.txt');
    expect(names).toContain('learning-paths.txt');
    expect(names.some((name) => name.startsWith('guides-'))).toBe(true);
    // A learning path only lists what other sections carry: it has no full text of its own.
    expect(fs.existsSync(path.join(small, 'llms-full', 'learning-paths.txt'))).toBe(false);
    expect(sections.get('premium-resources.txt')).toContain('/preview.md');
  });

  it('cuts a section longer than the budget into parts, each within it', () => {
    const { sections } = readSplit(small);
    const parts = [...sections.keys()].filter((name) => /--\d+\.txt$/.test(name));
    expect(parts.length).toBeGreaterThan(0);
    for (const [name, text] of sections) {
      // A part holds at least one line, so only a file of one long line may pass the budget.
      if (text.length > 1000) expect(sectionLinks(text), name).toHaveLength(1);
      expect(llmsTxtShapeErrors(text), name).toEqual([]);
    }
  });
});
