import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './helpers/fixtures.js';

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

  it('uses only commands the CLI has', async () => {
    const { main } = await import('../src/cli/main.js');
    expect(typeof main).toBe('function');
    for (const command of ['validate', 'build', 'keys']) expect(readme).toContain(`npx agentdir ${command}`);
  });
});
