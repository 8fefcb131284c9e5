import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, copyFixture, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';

/** The minimal fixture pointed at a templates folder holding only `resource.liquid`. */
function withCustomTemplates(): string {
  const dir = copyFixture('minimal');
  fs.cpSync(path.join(fixturesDir, 'custom-templates/my-templates'), path.join(dir, 'my-templates'), {
    recursive: true,
  });
  fs.appendFileSync(path.join(dir, 'site.yaml'), 'templates: my-templates\n');
  return dir;
}

describe('templates', () => {
  it('lets site.yaml override one template while the others fall back to the built-ins', async () => {
    const pub = path.join((await buildFixture(withCustomTemplates())).outDir, 'public');
    const resource = fs.readFileSync(path.join(pub, 'resources/wire-formats/index.html'), 'utf8');
    expect(resource).toContain('<article class="custom-resource">');
    expect(resource).toContain('<h1>Custom: Wire formats</h1>');
    expect(resource).toContain('<link rel="canonical" href="https://fixture.example/resources/wire-formats">');
    const article = fs.readFileSync(path.join(pub, 'articles/first-steps/index.html'), 'utf8');
    expect(article).not.toContain('custom-resource');
    expect(article).toContain('<h1>First steps</h1>');
  });

  it('gives a home template that loops over `resources` a card of every resource, in order, without bodies', async () => {
    const dir = withCustomTemplates();
    // The built-in home page reads only how many there are; a template of the user's may read them all.
    fs.writeFileSync(
      path.join(dir, 'my-templates', 'home.liquid'),
      '{% for resource in resources %}<li>{{ resource.title }}|{{ resource.href }}|{{ resource.body }}</li>{% endfor %}' +
        '<p>{{ resources.size }}: {{ resources | map: "slug" | join: "," }}; first {{ resources.first.slug }}</p>',
    );
    const pub = path.join((await buildFixture(dir)).outDir, 'public');
    const home = fs.readFileSync(path.join(pub, 'index.html'), 'utf8');
    const { resources } = JSON.parse(fs.readFileSync(path.join(pub, 'api/resources.json'), 'utf8')) as {
      resources: { slug: string; title: string }[];
    };
    const slugs = resources.map((resource) => resource.slug).sort();
    expect([...home.matchAll(/<li>([^|]*)\|([^|]*)\|([^<]*)<\/li>/g)].map((match) => match.slice(1))).toEqual(
      slugs.map((slug) => [resources.find((resource) => resource.slug === slug)!.title, `/resources/${slug}`, '']),
    );
    expect(home).toContain(`<p>${slugs.length}: ${slugs.join(',')}; first ${slugs[0]}</p>`);
  });

  it("writes a template's dates in English whatever the machine's locale, as the input key assumes", () => {
    const dir = withCustomTemplates();
    const template = path.join(dir, 'my-templates', 'resource.liquid');
    fs.writeFileSync(
      template,
      fs
        .readFileSync(template, 'utf8')
        .replace('{{ body_html | raw }}', '<time>{{ "2026-05-14" | date: "%B %A" }}</time>'),
    );
    const out = path.join(tempDir(), 'dist');
    const result = spawnSync(process.execPath, [cliPath, 'build', dir, '--out', out, '--no-cache', '--quiet'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' },
    });
    expect(result.status, result.stderr).toBe(0);
    const page = fs.readFileSync(path.join(out, 'public/resources/wire-formats/index.html'), 'utf8');
    expect(page).toContain('<time>May Thursday</time>');
  });

  it('escapes content values by default', async () => {
    const dir = withCustomTemplates();
    const file = path.join(dir, 'resources/wire-formats.md');
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace(
          'description: Notes on JSON Schema and RFC 8259 for agent builders.',
          'description: "Use <script>alert(1)</script> & friends"',
        ),
    );
    const pub = path.join((await buildFixture(dir)).outDir, 'public');
    const html = fs.readFileSync(path.join(pub, 'resources/wire-formats/index.html'), 'utf8');
    expect(html).toContain('<p class="unsafe">Use &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends</p>');
    expect(html).toContain(
      '<meta name="description" content="Use &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends">',
    );
    expect(html).not.toContain('<script>alert(1)');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(ld)['@graph'][0].description).toBe('Use <script>alert(1)</script> & friends');
  });

  it('stops at a template that is a named pipe, naming it, rather than waiting on it', () => {
    const dir = withCustomTemplates();
    const pipe = path.join(dir, 'my-templates', 'home.liquid');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const out = path.join(tempDir(), 'dist');
    const result = spawnSync(process.execPath, [cliPath, 'build', dir, '--out', out, '--no-cache'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.signal, 'killed after 30 s: the build waited on the pipe').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `The template ${pipe} is a named pipe (FIFO), not a regular file, so it was not read.`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(out)).toBe(false);
  });
});
