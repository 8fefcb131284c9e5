import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.js';

// Integration and browser test files share a process per worker (isolate: false in vitest.config.ts): whatever
// one file changes in the process, the next file run there inherits. These are the changes that
// would leak, and what undoes each one. The setup files (vitest.config.ts) run before every file and
// may set what every file starts from.
const setupFiles = new Set(['test/helpers/readers-file.ts', 'test/helpers/remove-temp-folders.ts']);

/** Never in a shared process: nothing in the file undoes them for the next file. */
const leaking: [pattern: RegExp, why: string][] = [
  [/\bvi\.(?:mock|doMock|hoisted)\(/, 'a module mock stays in the shared module graph'],
  [/\bvi\.(?:stubGlobal|stubEnv)\(/, 'a stubbed global stays (unstubGlobals is only on for the unit layer)'],
  [/\bprocess\.chdir\(/, 'the working folder stays changed'],
  [
    /(?:\bdelete\s+process\.env\b|\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\?\?=|\|\|=))/,
    'an environment variable stays set; pass `env` to the child process instead',
  ],
  [/\bglobalThis\.\w+\s*=(?!=)/, 'a global stays set'],
];

/** Allowed when the file undoes them. */
const undone: [pattern: RegExp, undo: RegExp, what: string][] = [
  [/\bvi\.spyOn\(/, /\.mockRestore\(\)|\bvi\.restoreAllMocks\(\)/, 'a spy needs mockRestore()'],
  [/\bvi\.useFakeTimers\(/, /\bvi\.useRealTimers\(\)/, 'fake timers need vi.useRealTimers()'],
];

/** The files an integration test runs: its own and every helper (consumer and browser files included). */
function sharedProcessFiles(): string[] {
  const testDir = path.join(repoRoot, 'test');
  const files = fs
    .readdirSync(testDir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `test/${name}`);
  for (const name of fs.readdirSync(path.join(testDir, 'helpers')))
    if (/\.(?:ts|mjs)$/.test(name)) files.push(`test/helpers/${name}`);
  return files.filter((file) => !setupFiles.has(file)).sort();
}

/** What a file does that the next file in its process would inherit. */
function leaksOf(text: string): string[] {
  const found = leaking.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
  for (const [pattern, undo, what] of undone) if (pattern.test(text) && !undo.test(text)) found.push(what);
  return found;
}

describe('integration test files leave the shared process as they found it', () => {
  it('no file mocks a module, stubs a global, changes folder or environment, or leaves a spy or fake timer', () => {
    const leaks = sharedProcessFiles().flatMap((file) =>
      leaksOf(fs.readFileSync(path.join(repoRoot, file), 'utf8')).map((why) => `${file}: ${why}`),
    );
    expect(leaks).toEqual([]);
  });

  it('catches each kind of leak', () => {
    expect(leaksOf("vi.mock('../src/x.js');")).toHaveLength(1);
    expect(leaksOf("vi.stubGlobal('fetch', f);")).toHaveLength(1);
    expect(leaksOf("process.chdir('/tmp');")).toHaveLength(1);
    expect(leaksOf('delete process.env.AGENTDIR_READERS_DATABASE;')).toHaveLength(1);
    expect(leaksOf("process.env.NO_COLOR = '1';")).toHaveLength(1);
    expect(leaksOf("process.env['X'] ??= 'y';")).toHaveLength(1);
    expect(leaksOf('globalThis.fetch = f;')).toHaveLength(1);
    expect(leaksOf("vi.spyOn(fs, 'openSync');")).toHaveLength(1);
    expect(leaksOf('vi.useFakeTimers();')).toHaveLength(1);
    expect(leaksOf("const spy = vi.spyOn(fs, 'openSync'); spy.mockRestore();")).toEqual([]);
    expect(leaksOf("if (process.env.CI === '1') run(); const env = { ...process.env };")).toEqual([]);
  });
});
