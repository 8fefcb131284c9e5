import path from 'node:path';

export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The slug a content file stands for: its file name without `.md`. */
export function slugOf(file: string): string {
  return path.basename(file).replace(/\.md$/, '');
}
