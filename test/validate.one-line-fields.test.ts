import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parseDocument, Scalar } from 'yaml';
import { loadContent } from '../src/content/load-content.js';
import { cliPath, copyFixture, repoRoot } from './helpers/fixtures.js';
import { fieldName, inputSchemas, pathsIn, type StringField, stringFields } from './helpers/input-schemas.js';

interface ReportedProblem {
  code: string;
  file: string;
  line: number;
  field?: string;
  message: string;
  hint?: string;
}

function validate(dir: string): { status: number | null; problems: ReportedProblem[]; stderr: string } {
  const result = spawnSync(process.execPath, [cliPath, 'validate', dir, '--format', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const problems = result.stdout ? (JSON.parse(result.stdout) as { problems: ReportedProblem[] }).problems : [];
  return { status: result.status, problems, stderr: result.stderr };
}

/** Replaces one line of a fixture file (found by its start) with `line`. */
function rewriteLine(file: string, start: RegExp, line: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toMatch(start);
  fs.writeFileSync(file, text.replace(start, line));
}

describe('the reported line injections are located problems', () => {
  it('a site name that writes headers and robots.txt rules', () => {
    const dir = copyFixture('minimal');
    rewriteLine(
      path.join(dir, 'site.yaml'),
      /^name: .*$/m,
      `name: ${JSON.stringify('T\n/*\n  X-Injected-Header: yes\nUser-agent: *\nDisallow: /')}`,
    );
    const { status, problems, stderr } = validate(dir);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(status).toBe(1);
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: 'LineBreakInField',
        file: expect.stringMatching(/site\.yaml$/),
        line: 1,
        field: 'name',
      }),
    );
  });

  it('a category title that adds a link line to llms.txt', () => {
    const dir = copyFixture('minimal');
    rewriteLine(
      path.join(dir, 'site.yaml'),
      /^ {4}title: Protocols$/m,
      `    title: ${JSON.stringify('Protocols\n- [INJ](https://evil.example/x)')}`,
    );
    const { status, problems } = validate(dir);
    expect(status).toBe(1);
    expect(problems).toContainEqual(
      expect.objectContaining({ code: 'LineBreakInField', line: 12, field: 'categories.1.title' }),
    );
  });

  it('a bare carriage return in a resource description', () => {
    const dir = copyFixture('minimal');
    rewriteLine(
      path.join(dir, 'resources', 'wire-formats.md'),
      /^description: .*$/m,
      `description: ${JSON.stringify('Notes on JSON Schema.\r# Injected heading')}`,
    );
    const { status, problems } = validate(dir);
    expect(status).toBe(1);
    const problem = problems.find((found) => found.field === 'description');
    expect(problem).toMatchObject({
      code: 'LineBreakInField',
      file: expect.stringMatching(/wire-formats\.md$/),
      line: 3,
      message: expect.stringContaining('U+000D'),
    });
  });
});

/** The characters a reader may end a line at, and a control character. */
const breaks: [string, string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['NEL', '\u0085'],
  ['LS', '\u2028'],
  ['PS', '\u2029'],
  ['VT', '\u000b'],
];

interface Injected {
  file: string;
  field: string;
  rule: StringField['rule'];
}

/**
 * Writes `char` into every value of `fields` in the files `glob` names, as a double-quoted YAML
 * escape (front matter for `.md` files), and says where it went.
 */
function inject(dir: string, glob: string, fields: StringField[], char: string): Injected[] {
  const injected: Injected[] = [];
  for (const file of fg.sync(glob, { cwd: dir }).sort()) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, 'utf8');
    const front = file.endsWith('.md') ? /^---\n([\s\S]*?\n)---\n/.exec(text) : null;
    const document = parseDocument(front ? front[1]! : text);
    const data: unknown = document.toJS();
    for (const field of fields)
      for (const at of pathsIn(data, field.path)) {
        const value = String(document.getIn(at));
        const node = new Scalar(`${value.slice(0, 1)}${char}INJECTED${value.slice(1)}`);
        node.type = 'QUOTE_DOUBLE';
        document.setIn(at, node);
        injected.push({ file, field: fieldName(at), rule: field.rule });
      }
    const yaml = String(document);
    fs.writeFileSync(full, front ? `---\n${yaml}---\n${text.slice(front[0].length)}` : yaml);
  }
  return injected;
}

describe('every string field of every input schema refuses a line break or control character, located', () => {
  describe.each(inputSchemas())('$name ($files)', ({ name, files }) => {
    const fields = stringFields(name);

    it.each(breaks)('%s', async (_label, char) => {
      const dir = copyFixture('every-field');
      const injected = inject(dir, files, fields, char);
      const missing = fields.filter((field) => !injected.some((at) => pathMatches(at.field, field.path)));
      // A field the fixture does not set is not tested: add it to test/fixtures/every-field.
      expect(missing.map((field) => fieldName(field.path))).toEqual([]);

      const { model, problems } = await loadContent(dir, { threads: false });
      expect(model).toBeUndefined();
      for (const { file, field, rule } of injected) {
        const found = problems.filter((problem) => problem.file.endsWith(`/${file}`) && problem.field === field);
        if (rule === 'paragraph' && char === '\n') {
          expect(found, `${file} ${field}`).toEqual([]);
          continue;
        }
        expect(found.length, `${file} ${field} has no problem`).toBeGreaterThan(0);
        expect(found[0]!.line, `${file} ${field}`).toBeGreaterThan(0);
        if (rule) expect(found.map((problem) => problem.code)).toContain('LineBreakInField');
      }
    });
  });
});

function pathMatches(field: string, pattern: StringField['path']): boolean {
  const parts = field.split('.');
  return parts.length === pattern.length && pattern.every((part, index) => part === '*' || part === parts[index]);
}
