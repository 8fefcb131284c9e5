import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/fixtures.js';

// The crawler list is read from the installed package at build time: bundled as the CLI is
// bundled (scripts/bundle-cli.mjs), the code holds none of it, and a newer list installed beside
// agentdir is the one the worker gets.

describe('the crawler list agentdir names readers with', () => {
  it('is read from the installed package, never bundled into the CLI', async () => {
    const project = tempDir();
    const bundled = path.join(project, 'node_modules', 'agentdir', 'lib', 'bundle', 'agent-patterns.js');
    await esbuild({
      absWorkingDir: repoRoot,
      entryPoints: ['src/readers/agent-patterns.ts'],
      outfile: bundled,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    const code = fs.readFileSync(bundled, 'utf8');
    expect(code).not.toContain('GPTBot');
    expect(code.length).toBeLessThan(20_000);

    // A list other than the one agentdir was built with, installed in the user's project.
    const list = path.join(project, 'node_modules', 'crawler-user-agents');
    fs.mkdirSync(list, { recursive: true });
    fs.writeFileSync(
      path.join(list, 'package.json'),
      JSON.stringify({ name: 'crawler-user-agents', version: '9.9.9', main: 'crawler-user-agents.json' }),
    );
    fs.writeFileSync(
      path.join(list, 'crawler-user-agents.json'),
      JSON.stringify([
        {
          pattern: 'NewAgent\\/',
          url: 'https://agents.example.org/new',
          tags: ['ai-crawler'],
          instances: ['NewAgent/1'],
        },
      ]),
    );
    const read = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { loadAgentPatterns } from ${JSON.stringify(bundled)}; console.log(JSON.stringify(loadAgentPatterns()));`,
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(JSON.parse(read)).toEqual([
      { pattern: 'NewAgent\\/', name: 'NewAgent', operator: 'example.org', kind: 'ai-agent' },
    ]);
  });
});
