import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { stackTraceLines } from './helpers/stack-trace.js';

// site.yaml `discovery` turns each door agents find the directory through on or off; a setting of
// the wrong kind is a located problem, not a door silently left open or shut.

function validateWith(discovery: string) {
  const content = copyFixture('minimal');
  const file = path.join(content, 'site.yaml');
  const text = fs.readFileSync(file, 'utf8');
  const line = text.split('\n').length + 1;
  fs.writeFileSync(file, `${text.replace(/\n*$/, '\n')}discovery:\n${discovery}\n`);
  const result = runCli(path.dirname(content), ['validate', path.basename(content), '--format', 'json', '--no-cache'], {
    env: { SOURCE_DATE_EPOCH: '1780272000' },
  });
  expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
  return { code: result.code, problems: JSON.parse(result.stdout).problems as Record<string, unknown>[], line };
}

describe('site.yaml discovery settings', () => {
  it('accepts each door turned off', () => {
    const { code, problems } = validateWith(
      '  ard: false\n  webmcp: false\n  skills: false\n  agent_card: false\n  mcp_install: false',
    );
    expect(problems).toEqual([]);
    expect(code).toBe(0);
  });

  it('names the file, line and field of a door setting that is not true or false', () => {
    const { code, problems, line } = validateWith('  ard: true\n  webmcp: "yes"');
    expect(code).toBe(1);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: expect.stringMatching(/site\.yaml$/), line: line + 1 });
    expect(JSON.stringify(problems[0])).toContain('webmcp');
  });

  it('refuses a door it does not know, so a misspelt one is not ignored', () => {
    const { code, problems } = validateWith('  agent_cards: false');
    expect(code).toBe(1);
    expect(JSON.stringify(problems)).toContain('agent_cards');
  });
});
