import fs from 'node:fs';
import { expect } from 'vitest';

/**
 * Waits (up to 20 s) until no previous output is left beside `parent`'s outputs for its background
 * remover (src/util/remove-in-background.ts), then checks that none is.
 */
export async function removersDone(parent: string): Promise<void> {
  const discarded = () => fs.readdirSync(parent).filter((name) => name.startsWith('.agentdir-discarded-'));
  for (let waited = 0; discarded().length && waited < 20_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(discarded()).toEqual([]);
}
