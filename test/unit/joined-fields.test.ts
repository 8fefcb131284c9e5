import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { joinedFields } from '../../src/util/joined-fields.js';
import { repoRoot } from '../helpers/fixtures.js';

describe('joinedFields', () => {
  it('makes what a spread of its sources makes, field order included', () => {
    const a = { title: 'A', tags: ['x'], updated: '2026-01-01' };
    const b = { slug: 'a', title: 'B' };
    const joined = joinedFields(a, b, { premium: false });
    expect(joined).toEqual({ ...a, ...b, premium: false });
    expect(Object.keys(joined)).toEqual(Object.keys({ ...a, ...b, premium: false }));
    expect(joined.tags).toBe(a.tags);
  });

  it('keeps a field named __proto__ a field, as a spread does', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "title": "T"}') as object;
    const joined = joinedFields(hostile, { slug: 's' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(joined)).toBe(Object.prototype);
    expect(joined.polluted).toBeUndefined();
    expect(Object.keys(joined)).toEqual(['__proto__', 'title', 'slug']);
  });

  it('gives objects made from like sources one hidden class', () => {
    // A spread followed by more fields gave each object a hidden class of its own on Node 20.
    const module = pathToFileURL(path.join(repoRoot, 'lib', 'util', 'joined-fields.js')).href;
    const script = `
      const { joinedFields } = await import(${JSON.stringify(module)});
      const made = Array.from({ length: 300 }, (_, n) =>
        joinedFields({ title: 't' + n, category: 'c', tags: [] }, { slug: 's' + n }, { premium: false }));
      let shared = 0;
      for (const object of made) if (%HaveSameMap(made[0], object)) shared++;
      console.log(shared);`;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('300');
  });
});
