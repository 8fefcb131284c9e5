/** Cursors are opaque to clients: an offset, base64-encoded with a prefix so garbage is recognised. */
export function encodeCursor(offset: number): string {
  return btoa(`offset:${offset}`);
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return 0;
  try {
    const match = /^offset:(\d{1,9})$/.exec(atob(cursor));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A bound on the size of a page, besides its count: items stop before `maxBytes`, yet a page holds at least one. */
export interface PageBytes<T> {
  maxBytes: number;
  sizeOf(item: T): number;
}

/** One page of `items` from `offset`, with the cursor of the next page when there is one. */
export function page<T>(
  items: T[],
  offset: number,
  limit: number,
  bytes?: PageBytes<T>,
): { items: T[]; nextCursor?: string } {
  let end = Math.min(offset + limit, items.length);
  if (bytes) {
    let size = 0;
    for (let index = offset; index < end; index++) {
      size += bytes.sizeOf(items[index]!);
      if (size > bytes.maxBytes && index > offset) {
        end = index;
        break;
      }
    }
  }
  const slice = items.slice(offset, end);
  return end < items.length ? { items: slice, nextCursor: encodeCursor(end) } : { items: slice };
}
