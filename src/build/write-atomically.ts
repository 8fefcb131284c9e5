import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../emit/output.js';

/**
 * Writes the whole output beside `outDir`, then swaps it in with two renames. Until the swap,
 * the previous output is untouched; if anything fails, it stays exactly as it was.
 */
export async function writeAtomically(outDir: string, files: OutputFile[]): Promise<void> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const name = path.basename(target);
  const staging = path.join(parent, `.agentdir-staging-${name}-${process.pid}`);
  const retired = path.join(parent, `.agentdir-retired-${name}-${process.pid}`);
  await fs.rm(staging, { recursive: true, force: true });
  try {
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
    await Promise.all(files.map((file) => fs.writeFile(path.join(staging, file.path), file.content)));
    const existed = await fs.stat(target).then(
      () => true,
      () => false,
    );
    if (existed) await fs.rename(target, retired);
    try {
      await fs.rename(staging, target);
    } catch (error) {
      if (existed) await fs.rename(retired, target);
      throw error;
    }
    if (existed) await fs.rm(retired, { recursive: true, force: true });
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
}
