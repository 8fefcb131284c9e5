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

// Static files never change within a deployment, so each is fetched and parsed once per isolate.
const cache = new Map<string, Promise<unknown>>();

/** Reads the site's static JSON and NDJSON through the ASSETS binding: one copy of the data, in public/. */
export class SiteAssets {
  constructor(
    private readonly assets: AssetFetcher | undefined,
    private readonly origin: string,
  ) {}

  json<T>(path: string): Promise<T> {
    return this.cached(path, async (response) => (await response.json()) as T);
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
    return this.cached(path, (response) => response.text());
  }

  ndjson<T>(path: string): Promise<T[]> {
    return this.cached(path, async (response) =>
      (await response.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
  }

  private cached<T>(path: string, parse: (response: Response) => Promise<T>): Promise<T> {
    let entry = cache.get(path) as Promise<T> | undefined;
    if (!entry) {
      entry = this.load(path, parse);
      cache.set(path, entry);
      entry.catch(() => cache.delete(path));
    }
    return entry;
  }

  private async load<T>(path: string, parse: (response: Response) => Promise<T>): Promise<T> {
    if (!this.assets) throw new AssetUnavailableError(`${path} cannot be read: this deployment has no ASSETS binding.`);
    const response = await this.assets.fetch(new Request(new URL(path, this.origin)));
    if (!response.ok) {
      await response.body?.cancel();
      throw new AssetUnavailableError(`${path} answered ${response.status}`, response.status);
    }
    return parse(response);
  }
}
