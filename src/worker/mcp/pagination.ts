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

/** One page of `items` from `offset`, with the cursor of the next page when there is one. */
export function page<T>(items: T[], offset: number, limit: number): { items: T[]; nextCursor?: string } {
  const slice = items.slice(offset, offset + limit);
  return offset + limit < items.length ? { items: slice, nextCursor: encodeCursor(offset + limit) } : { items: slice };
}
