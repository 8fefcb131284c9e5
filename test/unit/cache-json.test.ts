import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCacheJson, writeCacheJson } from '../../src/util/cache-json.js';
import { tempDir } from '../helpers/fixtures.js';

describe('the cache folder’s JSON tables', () => {
  it('are written whole into a folder made for them, and read back', () => {
    const file = path.join(tempDir('agentdir-cache-json-'), 'deeper', 'table.json');
    writeCacheJson(file, { version: 1, rows: [['a', 1]] });
    expect(readCacheJson(file)).toEqual({ version: 1, rows: [['a', 1]] });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['table.json']);
  });

  it('read as nothing when missing, torn or a folder, and are not written where no file can go', () => {
    const dir = tempDir('agentdir-cache-json-');
    expect(readCacheJson(path.join(dir, 'missing.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'torn.json'), '{"version":');
    expect(readCacheJson(path.join(dir, 'torn.json'))).toBeUndefined();
    fs.mkdirSync(path.join(dir, 'folder.json'));
    expect(readCacheJson(path.join(dir, 'folder.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'a-file'), '');
    expect(() => writeCacheJson(path.join(dir, 'a-file', 'table.json'), {})).not.toThrow();
  });
});
