import path from 'node:path';

/**
 * `folder` ending in one separator, to put before paths already known to be relative and normal
 * (a manifest's entries, a folder walk's): a concatenation, where path.join, which normalizes every
 * result again, cost as much as the file statuses it named (12,700 of them at 4,000 resources).
 */
export function folderPrefix(folder: string): string {
  return folder.endsWith(path.sep) ? folder : folder + path.sep;
}
