import { AssetCache, assetCacheBytes, type Loaded } from './asset-cache.js';
import type { AssetFetcher } from './env.js';

/** Thrown when a static file the worker reads is missing: the build and the deployment disagree. */
export class AssetUnavailableError extends Error {
  override readonly name = 'AssetUnavailableError';
  /** The status the asset answered with; undefined when there is no ASSETS binding at all. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

// Static files never change within a deployment, so a parsed file is kept for the isolate's next
// requests, as many as fit its budget: module state, shared by every request the isolate serves.
const cache = new AssetCache(assetCacheBytes);

/** Reads the site's static JSON and NDJSON through the ASSETS binding: one copy of the data, in public/. */
export class SiteAssets {
  constructor(
    private readonly assets: AssetFetcher | undefined,
    private readonly origin: string,
  ) {}

  json<T>(path: string): Promise<T> {
    return this.cached(path, (text) => JSON.parse(text) as T);
  }

  /** Optional JSON: null when the file does not exist (an unknown slug). */
  async maybeJson<T>(path: string): Promise<T | null> {
    try {
      return await this.json<T>(path);
    } catch (error) {
      if (error instanceof AssetUnavailableError && error.status === 404) return null;
      throw error;
    }
  }

  text(path: string): Promise<string> {
    return this.cached(path, (text) => text);
  }

  ndjson<T>(path: string): Promise<T[]> {
    return this.cached(path, (text) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
  }

  private cached<T>(path: string, parse: (text: string) => T): Promise<T> {
    return cache.get(path, () => this.load(path, parse));
  }

  /** Reads and parses a file, counted by the characters of its text. */
  private async load<T>(path: string, parse: (text: string) => T): Promise<Loaded<T>> {
    if (!this.assets) throw new AssetUnavailableError(`${path} cannot be read: this deployment has no ASSETS binding.`);
    const response = await this.assets.fetch(new Request(new URL(path, this.origin)));
    if (!response.ok) {
      await response.body?.cancel();
      throw new AssetUnavailableError(`${path} answered ${response.status}`, response.status);
    }
    const text = await response.text();
    return { value: parse(text), characters: text.length };
  }
}
