// Shared by the Node connector that raises it and the fetcher (worker-safe) that reports it.

/** A connection refused because its host resolved to (or is) an address the grader never fetches from. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`Refused to connect to ${hostname}: it resolves to ${address}, ${reason}.`);
  }
}

/** The refusal behind a failed fetch, however deep the runtime wrapped it (fetch failed -> cause -> ...). */
export function refusalIn(error: unknown): RefusedAddressError | null {
  for (
    let current = error, depth = 0;
    current && depth < 8;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (
      (current as Error).name === 'RefusedAddressError' &&
      typeof (current as RefusedAddressError).reason === 'string'
    )
      return current as RefusedAddressError;
  }
  return null;
}
