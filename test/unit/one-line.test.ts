import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineBreakOrControl, oneLine } from '../../src/util/text.js';
import { escapeXml } from '../../src/util/xml.js';
import { jsonText } from '../../src/util/json-text.js';
import { repoRoot } from '../helpers/fixtures.js';

const common = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'common.schema.json'), 'utf8')) as {
  $defs: Record<string, { pattern: string }>;
};
const lineRule = new RegExp(common.$defs.line!.pattern, 'u');
const paragraphRule = new RegExp(common.$defs.paragraph!.pattern, 'u');

/** Every character of the Basic Multilingual Plane but the surrogates. */
const characters = Array.from({ length: 0x10000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code));

describe('one rule for text on one line', () => {
  it('the schemas refuse exactly the characters the emitters treat as line breaks or controls', () => {
    const refused = characters.filter((char) => !lineRule.test(char));
    expect(refused).toEqual(characters.filter((char) => lineBreakOrControl.test(char)));
    expect(refused).not.toContain('\t');
    for (const char of ['\n', '\r', '\u000b', '\u0085', '\u2028', '\u2029', '\u001b']) expect(refused).toContain(char);
    // A paragraph refuses the same, but for LF.
    expect(characters.filter((char) => !paragraphRule.test(char))).toEqual(refused.filter((char) => char !== '\n'));
  });

  it('oneLine folds every character the rule refuses into one space, and returns other text as it is', () => {
    for (const char of characters.filter((candidate) => lineBreakOrControl.test(candidate)))
      expect(oneLine(`a${char}b`)).toBe('a b');
    expect(oneLine('  A\r\n\u0085 title\u2028 ')).toBe('A title');
    const plain = 'Café — 日本語 ✓ [x](y)';
    expect(oneLine(plain)).toBe(plain);
  });

  it('escapeXml and jsonText keep every character, and leave no raw line break', () => {
    const text = `a${characters.filter((char) => lineBreakOrControl.test(char)).join('')}<&>"'`;
    const xml = escapeXml(text);
    expect(xml).not.toMatch(new RegExp(`${lineBreakOrControl.source}|[<>"']`));
    expect(xml).toContain('&#xA;\ufffd');
    expect(xml).toContain('&#x85;&#x86;');
    expect(xml).toContain('&#x2028;&#x2029;');
    const json = jsonText({ text }, 2);
    expect(json).not.toMatch(/[\u0085\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text });
  });
});
