import { gzipSync } from 'node:zlib';

/** A file to pack, by its path inside the archive. */
export interface ArchiveEntry {
  path: string;
  bytes: Uint8Array;
}

const block = 512;

function field(header: Buffer, offset: number, length: number, text: string): void {
  header.write(text, offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** A ustar header: long paths split into prefix and name, every stamp fixed so the bytes depend on the files alone. */
function header(entry: ArchiveEntry): Buffer {
  const out = Buffer.alloc(block);
  let name = entry.path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  field(out, 0, 100, name);
  field(out, 100, 8, octal(0o644, 8));
  field(out, 108, 8, octal(0, 8));
  field(out, 116, 8, octal(0, 8));
  field(out, 124, 12, octal(entry.bytes.length, 12));
  field(out, 136, 12, octal(0, 12));
  out.fill(' ', 148, 156);
  field(out, 156, 1, '0');
  field(out, 257, 6, 'ustar\0');
  field(out, 263, 2, '00');
  field(out, 345, 155, prefix);
  let sum = 0;
  for (const byte of out) sum += byte;
  field(out, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return out;
}

/**
 * A gzip-compressed tar of `entries` at the archive's root, byte for byte the same for the same files
 * on any machine (no dates, owners or host in it), so the digest an index publishes stays true.
 */
export function tarGz(entries: ArchiveEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), Buffer.from(entry.bytes));
    const padding = (block - (entry.bytes.length % block)) % block;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(block * 2));
  const gz = gzipSync(Buffer.concat(parts), { level: 9 });
  // The header's OS byte says which system compressed it: fixed to Unix, so every platform writes the same.
  gz[9] = 3;
  return gz;
}
