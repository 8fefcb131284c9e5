import { lookup } from 'node:dns/promises';

/** Resolves a host to every address it has (Node only), so the grader can refuse names that point inward. */
export async function resolveHost(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}
