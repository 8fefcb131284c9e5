import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What makeTree puts under a folder; relative paths are under it, absolute ones anywhere. */
export interface TreeSpec {
  folders?: string[];
  /** Files, each holding a few bytes of text. */
  files?: string[];
  /** Symbolic links: `[target, at]`, the target as the link holds it. */
  links?: [target: string, at: string][];
  /** Named pipes: no fs call makes one, so mkfifo does (in every Debian image the tests run on). */
  pipes?: string[];
}

/** Makes the folders, files, links and pipes of `spec` under `root`, in that order; returns `root`. */
export function makeTree(root: string, spec: TreeSpec): string {
  const at = (entry: string) => path.resolve(root, entry);
  for (const folder of spec.folders ?? []) fs.mkdirSync(at(folder), { recursive: true });
  for (const file of spec.files ?? []) fs.writeFileSync(at(file), 'text');
  for (const [target, link] of spec.links ?? []) fs.symlinkSync(target, at(link));
  for (const pipe of spec.pipes ?? []) execFileSync('mkfifo', [at(pipe)]);
  return root;
}
