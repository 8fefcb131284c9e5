import fs from 'node:fs';
import path from 'node:path';
import { exportSecret, newKey, readKeyFile, writeKeyFile } from '../../src/keys/key-file.js';
import type { KeyTier } from '../../src/shared/key-hash.js';
import { buildFixture } from './build-fixture.js';
import { copyFixture, fixturesDir, tempDir } from './fixtures.js';

export interface TestKeys {
  starter: string;
  corpus: string;
  redistribution: string;
  revoked: string;
}

/**
 * The minimal fixture built into a temp folder, with a key file holding one key of each tier and a
 * revoked one. `llmsBudget` sets site.yaml `llms_txt.max_characters`, small enough to split llms.txt;
 * `siteYaml` is appended to site.yaml as it is.
 */
export async function siteUnderTest(options: { llmsBudget?: number; siteYaml?: string } = {}): Promise<{
  dist: string;
  keysFile: string;
  keys: TestKeys;
  secret: () => string;
}> {
  let content = path.join(fixturesDir, 'minimal');
  if (options.llmsBudget || options.siteYaml) {
    content = copyFixture('minimal');
    if (options.llmsBudget)
      fs.appendFileSync(path.join(content, 'site.yaml'), `\nllms_txt:\n  max_characters: ${options.llmsBudget}\n`);
    if (options.siteYaml) fs.appendFileSync(path.join(content, 'site.yaml'), `\n${options.siteYaml}\n`);
  }
  const { outDir } = await buildFixture(content);
  const keysFile = path.join(tempDir(), 'keys.json');
  const keyFile = readKeyFile(keysFile);
  const make = async (tier: KeyTier, label: string, revoked = false) => {
    const { key, record } = await newKey(tier, label, '2026-06-01');
    keyFile.keys.push(revoked ? { ...record, revoked: '2026-06-02' } : record);
    return key;
  };
  const keys = {
    starter: await make('starter', 'starter'),
    corpus: await make('corpus', 'corpus'),
    redistribution: await make('redistribution', 'redistribution'),
    revoked: await make('starter', 'revoked', true),
  };
  writeKeyFile(keysFile, keyFile);
  return { dist: outDir, keysFile, keys, secret: () => exportSecret(readKeyFile(keysFile)) };
}

export function premiumSentences(dist: string): string[] {
  const data = JSON.parse(fs.readFileSync(path.join(dist, 'worker/data/worker-data.json'), 'utf8')) as {
    premium: Record<string, { json: string }>;
  };
  return Object.values(data.premium).flatMap((entry) =>
    (JSON.parse(entry.json) as { body: string }).body
      .split(/(?<=[.!?])\s+|\n+/)
      .map((sentence) => sentence.replace(/^[#>*\-\d.\s|]+/, '').trim())
      .filter((sentence) => sentence.length >= 24 && !sentence.startsWith('[')),
  );
}
