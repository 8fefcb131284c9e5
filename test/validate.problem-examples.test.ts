import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.js';
import { problemCatalog } from '../src/errors/catalog.js';
import { copyFixture, repoRoot } from './helpers/fixtures.js';
import { problemExample } from './helpers/problem-example.js';

// Each page of docs/problems/ shows an example written against test/fixtures/minimal: laid over
// that fixture, its files must give exactly the problems its printed output names.

const docsDir = path.join(repoRoot, 'docs', 'problems');

/** Pages whose example is not a set of whole content files, and why it cannot be laid over the fixture. */
const notRunnable: Record<string, string> = {
  ContentOutsideFolder: 'the file is a symlink out of the content folder',
  UnreadableContentFile: 'the entries are a named pipe and a broken symlink',
  FileTooLarge: 'the page shows the opening of a 9.3 MiB file',
  InvalidText: 'the file is Windows-1252 bytes, shown as text',
  NestingTooDeep: 'the page shows one line of a file too deep to print whole',
  ParseBudgetExceeded: 'the page shows an excerpt of a file too costly to print whole',
  MissingFile: 'the example is of missing files and folders',
  MissingTermsResource: 'the example needs a file of the fixture removed',
  InvalidUrl: 'the example shows the lines of site.yaml to change, not the whole file',
  LineBreakInField: 'the example shows the lines of site.yaml to change, not the whole file',
  StaleContent: 'the example shows the lines of site.yaml to change, not the whole file',
  UnusableTransferMethod: 'the example shows the lines of site.yaml to change, not the whole file',
  DuplicateSlug: 'the example assumes a second cluster, `paying`, with its own cluster.yaml',
  DateOrder: 'the example shortens the pillar, whose headings other files of the fixture link to',
  TemplateError: 'templates are checked by `agentdir build`, not by validation',
  InvalidEnvironment: 'the problem is of an environment variable, not of content',
  InvalidOption: 'the problem is of a command-line option, not of content',
  InvalidRegistryServer: 'the problem is of an output the build writes, not of content',
  InvalidSettings: 'the problem is of package.json, not of content',
  MissingContentFolder: 'the problem is of a command-line argument, not of content',
  UnsafeOutputFolder: 'the problem is of the output folder, not of content',
};

const codes = Object.keys(problemCatalog);
const runnable = codes.filter((code) => !(code in notRunnable));

describe('the examples of docs/problems/', () => {
  it('leave out only codes of the catalog', () => {
    expect(Object.keys(notRunnable).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it.each(runnable)(
    '%s: the example, over test/fixtures/minimal, gives exactly the problems it prints',
    async (code) => {
      const example = problemExample(fs.readFileSync(path.join(docsDir, `${code}.md`), 'utf8'));
      expect(
        example,
        'the example shows no whole content files: show them, or add the code to notRunnable',
      ).not.toBeNull();
      expect(example!.codes).toContain(code);
      const dir = copyFixture('minimal');
      for (const [file, text] of example!.files) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      const { problems } = await loadContent(dir, { threads: false });
      expect([...new Set(problems.map((problem) => problem.code))].sort()).toEqual(example!.codes);
    },
  );
});
