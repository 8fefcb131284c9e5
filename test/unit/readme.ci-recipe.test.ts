import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createProgram } from '../../src/cli/main.js';
import { repoRoot } from '../helpers/fixtures.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  'working-directory'?: string;
}

describe('the README CI recipe', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('## Continuous integration')[1]!.split('\n## ')[0]!;
  const workflow = parse(/```yaml\n([\s\S]*?)```/.exec(section)![1]!) as {
    on: unknown;
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = Object.values(workflow.jobs)[0]!.steps;

  it('is a GitHub Actions workflow that parses', () => {
    expect(workflow.on).toBeDefined();
    expect(steps.length).toBeGreaterThan(4);
  });

  it('validates with GitHub annotations, keeps the build cache, builds and deploys with wrangler', () => {
    const runs = steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('agentdir validate content --format github');
    expect(runs).toContain('agentdir build');
    expect(steps.find((step) => step.uses?.startsWith('actions/cache'))!.with!.path).toBe(
      'node_modules/.cache/agentdir',
    );
    const deploy = steps.find((step) => step.run?.includes('wrangler deploy'))!;
    expect(deploy['working-directory']).toBe('dist');
  });

  it('runs on the current LTS line the README advises, which current wrangler supports', () => {
    const advised = /the current LTS line \(Node (\d+)/.exec(readme)?.[1];
    const setup = steps.find((step) => step.uses?.startsWith('actions/setup-node'))!;
    const version = String(setup.with!['node-version']);
    expect(advised).toBeDefined();
    expect(version, 'the recipe deploys with wrangler, whose current releases need Node 22').toBe(advised);
    expect(Number(version)).toBeGreaterThanOrEqual(22);
  });

  it('restores the parse cache before validating, since validate reads it as build does', () => {
    const cache = steps.findIndex((step) => step.uses?.startsWith('actions/cache'));
    const validate = steps.findIndex((step) => step.run?.includes('agentdir validate'));
    expect(cache).toBeGreaterThanOrEqual(0);
    expect(validate).toBeGreaterThan(cache);
  });

  it('uses only commands and options the CLI has', () => {
    const program = createProgram(() => {});
    const invocations = [...readme.matchAll(/npx agentdir ([^\n`#|&>]+)/g)].map((match) =>
      match[1]!.trim().split(/\s+/),
    );
    expect(invocations.length).toBeGreaterThan(10);
    for (const [name, ...rest] of invocations) {
      if (name!.startsWith('-')) {
        const known = program.options.some((option) => option.short === name || option.long === name);
        expect(known, `README runs "agentdir ${name}", an option the CLI does not have`).toBe(true);
        continue;
      }
      let command = program.commands.find((candidate) => candidate.name() === name);
      expect(command, `README runs "agentdir ${name}", which the CLI does not have`).toBeDefined();
      const sub = command!.commands.find((candidate) => candidate.name() === rest[0]);
      if (command!.commands.length) {
        expect(sub, `README runs "agentdir ${name} ${rest[0]}", which the CLI does not have`).toBeDefined();
        command = sub;
      }
      for (const option of rest.filter((token) => token.startsWith('--')).map((token) => token.split('=')[0]!)) {
        const known = command!.options.some((candidate) => candidate.long === option);
        expect(known, `README passes ${option} to "agentdir ${command!.name()}", which has no such option`).toBe(true);
      }
    }
  });

  it('documents every command the CLI has', () => {
    for (const command of createProgram(() => {}).commands) {
      expect(readme, `the README has no section for "agentdir ${command.name()}"`).toContain(
        `### \`agentdir ${command.name()}`,
      );
    }
  });
});
