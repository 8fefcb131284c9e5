import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { jsonToYaml } from '../../src/util/json-yaml.js';

describe('jsonToYaml', () => {
  it.each([
    [
      'an OpenAPI-like document',
      { openapi: '3.1.0', paths: { '/a/{slug}.json': { get: { responses: { '200': {} } } } } },
    ],
    [
      'keys YAML would read as other types',
      { '200': 1, yes: 'no', null: null, true: false, '1.0': '1.0', '': 'empty' },
    ],
    ['strings that need quoting', ['a: b', '# not a comment', '- dash', 'line\nbreak', '"quoted"', 'tab\there', '']],
    ['nested and empty containers', [[1, [2, []]], {}, [{}], { a: [[{ b: [] }]] }, [{ a: 1, b: { c: [{ d: 2 }] } }]]],
    ['numbers, booleans and null', { int: 3, float: -0.5, big: 1e21, on: true, off: false, none: null }],
    ['unicode', { title: 'Café — 日本語 ✓', emoji: '🙂' }],
  ])('round-trips %s through a YAML parser unchanged', (_, value) => {
    expect(parse(jsonToYaml(value))).toEqual(value);
  });

  it('writes block style, with quoted strings and plain keys', () => {
    expect(jsonToYaml({ info: { title: 'x', tags: ['a', 'b'] }, '404': { description: 'gone' } })).toBe(
      // Integer-like keys come first in a JavaScript object, and so in the YAML.
      '"404":\n  description: "gone"\ninfo:\n  title: "x"\n  tags:\n    - "a"\n    - "b"\n',
    );
  });

  it('escapes what a YAML 1.1 reader would fold or refuse: NEL, U+2028, U+2029, DEL, C1 controls, BOM', () => {
    const tricky = ['T\u0085x', 'a\u2028b\u2029c', 'del\u007f', 'csi\u009b', 'bom\ufeff', 'all\r\n\u0085\u2028\u2029'];
    const value = { title: tricky[0], list: tricky, 'key\u0085with NEL': 'v' };
    const yaml = jsonToYaml(value);
    // No reader in reach folds a raw NEL as YAML 1.1 says to, so the text itself must hold none.
    expect(yaml).not.toMatch(/[\u007f-\u009f\u2028\u2029\ufeff]/);
    expect(yaml).toContain('"T\\u0085x"');
    expect(parse(yaml, { version: '1.1' })).toEqual(value);
    expect(parse(yaml)).toEqual(value);
  });
});
