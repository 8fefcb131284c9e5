import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolder } from '../src/serve/folder-watch.js';
import { pollTree } from '../src/serve/tree-poller.js';
import { tempDir } from './helpers/fixtures.js';
import { eventually } from './helpers/watch-server.js';

let stop = () => {};
afterEach(() => stop());

/** Watches a fresh folder holding `sub/page.md`; `changed()` is true once something was reported since the last `reset()`. */
function watched(start: (root: string, onChange: () => void) => () => void) {
  const root = path.join(tempDir(), 'content');
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(root, 'sub', 'page.md'), 'one');
  let count = 0;
  stop = start(root, () => count++);
  return {
    root,
    reset: () => {
      count = 0;
    },
    seen: () => eventually(async () => expect(count).toBeGreaterThan(0), 5000),
  };
}

const renameSave = (file: string, text: string) => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};

describe('watchFolder', () => {
  it('reports every save of a file replaced by rename, and a plain write after them', async () => {
    const { root, reset, seen } = watched((root, onChange) => watchFolder(root, { onChange, log: () => {} }));
    const file = path.join(root, 'sub', 'page.md');
    for (const text of ['two', 'three']) {
      renameSave(file, text);
      await seen();
      // Let the events of this save pass before counting the next one's.
      await new Promise((resolve) => setTimeout(resolve, 100));
      reset();
    }
    fs.writeFileSync(file, 'four');
    await seen();
  });

  it('reports a delete, and changes inside a folder made, or renamed over another, while watching', async () => {
    const { root, reset, seen } = watched((root, onChange) => watchFolder(root, { onChange, log: () => {} }));
    fs.rmSync(path.join(root, 'sub', 'page.md'));
    await seen();
    fs.mkdirSync(path.join(root, 'made'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    reset();
    fs.writeFileSync(path.join(root, 'made', 'new.md'), 'new');
    await seen();
    const replacement = path.join(tempDir(), 'sub');
    fs.mkdirSync(replacement);
    fs.writeFileSync(path.join(replacement, 'other.md'), 'x');
    fs.rmSync(path.join(root, 'sub'), { recursive: true });
    fs.renameSync(replacement, path.join(root, 'sub'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    reset();
    fs.writeFileSync(path.join(root, 'sub', 'other.md'), 'y');
    await seen();
  });

  it('keeps watching when the watched folder itself is replaced', async () => {
    const { root, reset, seen } = watched((root, onChange) => watchFolder(root, { onChange, log: () => {} }));
    fs.renameSync(root, `${root}.old`);
    fs.mkdirSync(root);
    await seen();
    await new Promise((resolve) => setTimeout(resolve, 100));
    reset();
    fs.writeFileSync(path.join(root, 'site.yaml'), 'name: x');
    await seen();
  });
});

describe('pollTree (the fallback when the system gives no events)', () => {
  it('reports a rename-save of the same size, a delete and a new folder', async () => {
    const { root, reset, seen } = watched((root, onChange) => pollTree(root, onChange, 20));
    renameSave(path.join(root, 'sub', 'page.md'), 'two');
    await seen();
    reset();
    fs.rmSync(path.join(root, 'sub', 'page.md'));
    await seen();
    reset();
    fs.mkdirSync(path.join(root, 'made'));
    await seen();
  });
});
