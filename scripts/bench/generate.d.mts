/** A seeded pseudo-random number generator: the same seed always gives the same sequence in [0, 1). */
export declare function random(seed: number): () => number;

/** Writes a seeded synthetic content folder (see generate.mjs). */
export declare function generate(
  dir: string,
  options: {
    /** "zach" or "directory". */
    shape: string;
    resources: number;
    clusters?: number;
    articlesPerCluster?: number;
    seed?: number;
  },
): void;
