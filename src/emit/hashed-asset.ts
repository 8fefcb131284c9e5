import { createHash } from 'node:crypto';

/** A file under /assets/ whose name carries a digest of its content, so hosts may cache it for a year. */
export interface HashedAsset {
  /** Output path, `public/assets/<name>.<8 hex>.<ext>`. */
  path: string;
  /** Root-relative address that pages link to. */
  href: string;
  content: string;
}

export function hashedAsset(name: string, extension: string, content: string): HashedAsset {
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 8);
  const file = `${name}.${digest}.${extension}`;
  return { path: `public/assets/${file}`, href: `/assets/${file}`, content };
}
