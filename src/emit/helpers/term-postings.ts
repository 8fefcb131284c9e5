import { bm25, maxPostings } from '../../shared/search/index-format.js';
import type { SearchPart } from './search-part.js';

/** The average weighted length of a document's head passage and of its other passages. */
export interface PassageAverages {
  head: number;
  section: number;
}

/** A posting's BM25 term weight: a high frequency in a short passage weighs most. */
function termWeight(section: number, frequency: number, length: number, averages: PassageAverages): number {
  const average = section === 0 ? averages.head : averages.section;
  return frequency / (frequency + bm25.k1 * (1 - bm25.b + (bm25.b * length) / average));
}

/**
 * The `maxPostings` postings of one common term that weigh most, kept as they arrive, in arrival
 * (index) order. A buffer of twice that many fills up, then keeps its strongest half: those above
 * the half's weakest weight, and at that weight the earliest. That weight is then a floor: a later
 * posting that does not weigh more can never be among the strongest, since as many that weigh as
 * much came before it. Memory is bounded by maxPostings whatever the size of the site.
 */
class StrongestPostings {
  /** Four numbers per posting: document index, section, weighted frequency, weighted length. */
  private readonly numbers: Uint32Array;
  private readonly weights: Float64Array;
  private size = 0;
  private floor = Number.NEGATIVE_INFINITY;

  /** `count`: how many postings will be offered; a buffer of twice maxPostings at most. */
  constructor(
    private readonly averages: PassageAverages,
    count: number,
  ) {
    const capacity = Math.min(count, maxPostings * 2);
    this.numbers = new Uint32Array(capacity * 4);
    this.weights = new Float64Array(capacity);
  }

  offer(index: number, section: number, frequency: number, length: number) {
    const weight = termWeight(section, frequency, length, this.averages);
    if (weight <= this.floor) return;
    if (this.size === this.weights.length) this.keepStrongest();
    const at = this.size * 4;
    this.numbers[at] = index;
    this.numbers[at + 1] = section;
    this.numbers[at + 2] = frequency;
    this.numbers[at + 3] = length;
    this.weights[this.size++] = weight;
  }

  /** Keeps the strongest maxPostings of the buffer, in order; the weakest kept weight becomes the floor. */
  private keepStrongest() {
    if (this.size <= maxPostings) return;
    this.floor = keepStrongestInPlace(this.numbers, this.weights, this.size);
    this.size = maxPostings;
  }

  /** The kept postings, four numbers each, in index order. */
  postings(): Uint32Array {
    this.keepStrongest();
    return this.numbers.slice(0, this.size * 4);
  }
}

/** The `n`th smallest of `values` (from 0), as `values.sort()[n]` but without the sort (Hoare's selection); reorders `values`. */
function nthSmallest(values: Float64Array, n: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else return values[n]!;
  }
  return values[n]!;
}

/**
 * Where the strongest `maxPostings` of `weights` stop: the weakest weight among them, and how many
 * of those at exactly that weight are kept (the earliest). `order` is scratch space of the same
 * length, reordered here.
 */
function cutOf(weights: Float64Array, order: Float64Array): { threshold: number; atThreshold: number } {
  order.set(weights);
  const threshold = nthSmallest(order, weights.length - maxPostings);
  let above = 0;
  for (let n = 0; n < weights.length; n++) if (weights[n]! > threshold) above++;
  return { threshold, atThreshold: maxPostings - above };
}

/**
 * Copies the postings (four numbers each) of `from` that the cut keeps, in their order, to the
 * front of `to`; returns how many. `weights` and `to` may be `from`'s own arrays (to keep in place).
 */
function copyKept(
  from: Uint32Array,
  weights: Float64Array,
  count: number,
  cut: { threshold: number; atThreshold: number },
  to: Uint32Array,
  keptWeights?: Float64Array,
): number {
  let { atThreshold } = cut;
  let kept = 0;
  for (let n = 0; n < count; n++) {
    const weight = weights[n]!;
    if (weight < cut.threshold || (weight === cut.threshold && atThreshold-- <= 0)) continue;
    // Four assignments rather than copyWithin: a call per posting costs more than the copy.
    const at = kept * 4;
    const source = n * 4;
    to[at] = from[source]!;
    to[at + 1] = from[source + 1]!;
    to[at + 2] = from[source + 2]!;
    to[at + 3] = from[source + 3]!;
    if (keptWeights) keptWeights[kept] = weight;
    kept++;
  }
  return kept;
}

/**
 * Keeps the `maxPostings` of the first `size` postings (four numbers each in `numbers`, their
 * weights in `weights`) that weigh most, at equal weights the earlier, moved to the front in their
 * order; returns the weakest kept weight. Expects more than `maxPostings`.
 */
function keepStrongestInPlace(numbers: Uint32Array, weights: Float64Array, size: number): number {
  const cut = cutOf(weights.subarray(0, size), new Float64Array(size));
  copyKept(numbers, weights, size, cut, numbers, weights);
  return cut.threshold;
}

/** Weights of one common term's postings, and room to order them: sized once for the largest term of a build. */
interface WeightScratch {
  weights: Float64Array;
  order: Float64Array;
}

/**
 * The `maxPostings` of a common term's `postings` (four numbers each, in index order) that weigh
 * most, in index order: what StrongestPostings keeps of them offered one by one, chosen here at
 * once since they are all at hand. Only the kept postings are copied: at 4,000 long documents the
 * common terms hold over a million postings, all of them weighed on every build.
 */
function strongestOf(postings: Uint32Array, averages: PassageAverages, scratch: WeightScratch): Uint32Array {
  const count = postings.length / 4;
  const weights = scratch.weights.subarray(0, count);
  for (let n = 0; n < count; n++)
    weights[n] = termWeight(postings[n * 4 + 1]!, postings[n * 4 + 2]!, postings[n * 4 + 3]!, averages);
  const kept = new Uint32Array(maxPostings * 4);
  copyKept(postings, weights, count, cutOf(weights, scratch.order.subarray(0, count)), kept);
  return kept;
}

/** What merging reads of a document's search part: its passages and their terms. */
export type PostingSource = Pick<SearchPart, 'passages' | 'terms' | 'frequencies'>;

/** Every term's postings as an index keeps them (see termPostings). */
export interface TermPostings {
  /** Each term once, in the order the documents first hold them: a term's id is its position here. */
  terms: string[];
  /** Four numbers per kept posting of term `id` (document index, section, weighted frequency, weighted length), in index order. */
  postings(id: number): Uint32Array;
  /** How many passages hold term `id` when that is more than it keeps (a common term), else undefined. */
  passages(id: number): number | undefined;
  /** How many numbers every term's kept postings take together. */
  numbers: number;
}

/**
 * Up to this many postings, the term ids the first pass finds are kept for the second (4 bytes
 * each), which then need not cut and look up the terms again (a fifth of the index's time at 4,000
 * documents); above, at 100,000 documents, memory counts more.
 */
const keptIdsUpTo = 8_000_000;

/** Every posting of every term, uncapped: what a build keeps for the next one to patch (see patch-postings.ts). */
export interface AllPostings {
  /** Each term once: a term's id is its position here. */
  terms: string[];
  /** Term `id`'s postings are `all[starts[id]]` up to `all[starts[id + 1]]`: four numbers each, in index order. */
  starts: Uint32Array;
  all: Uint32Array;
}

/**
 * Two passes over `parts`: the first counts each term's passages, so the second writes the postings
 * of every term in at most `cap` passages into one typed array, straight to their places, and keeps
 * only the strongest of a common term's as they come: memory stays bounded by what the index keeps,
 * however many documents hold a term. Terms come in the order documents first hold them.
 */
function mergeParts(parts: readonly PostingSource[], averages: PassageAverages, cap: number, idsUpTo: number) {
  // Plain loops rather than callbacks: a build runs this once, mostly before the engine optimises it.
  const ids = new Map<string, number>();
  const terms: string[] = [];
  let counts = new Uint32Array(1024);
  let total = 0;
  for (const part of parts) total += part.frequencies.length;
  const found = total <= idsUpTo ? new Uint32Array(total) : undefined;
  let filled = 0;
  // First pass: each term's id, and how many passages hold it (a part lists a term once per passage).
  for (const part of parts) {
    if (!part.frequencies.length) continue;
    for (const term of part.terms.split(' ')) {
      let id = ids.get(term);
      if (id === undefined) {
        id = terms.push(term) - 1;
        ids.set(term, id);
        if (id === counts.length) {
          const grown = new Uint32Array(counts.length * 2);
          grown.set(counts);
          counts = grown;
        }
      }
      counts[id]!++;
      if (found) found[filled++] = id;
    }
  }
  // A term's postings start at `starts[id]` in `all`; a common term's are kept apart.
  const starts = new Uint32Array(terms.length + 1);
  const strongest: (StrongestPostings | undefined)[] = new Array(terms.length);
  let numbers = 0;
  for (let id = 0; id < terms.length; id++) {
    starts[id] = numbers;
    if (counts[id]! > cap) strongest[id] = new StrongestPostings(averages, counts[id]!);
    else numbers += counts[id]! * 4;
  }
  starts[terms.length] = numbers;
  const all = new Uint32Array(numbers);
  const next = starts.slice();
  let read = 0;
  for (let index = 0; index < parts.length; index++) {
    const { passages, frequencies, terms: text } = parts[index]!;
    if (!frequencies.length) continue;
    const partIds = found
      ? found.subarray(read, read + frequencies.length)
      : text.split(' ').map((term) => ids.get(term)!);
    read += frequencies.length;
    let at = 0;
    for (let p = 0; p < passages.length; p += 3) {
      const section = passages[p]!;
      const length = passages[p + 1]!;
      for (const end = at + passages[p + 2]!; at < end; at++) {
        const id = partIds[at]!;
        const common = strongest[id];
        if (common) {
          common.offer(index, section, frequencies[at]!, length);
          continue;
        }
        const to = next[id]!;
        all[to] = index;
        all[to + 1] = section;
        all[to + 2] = frequencies[at]!;
        all[to + 3] = length;
        next[id] = to + 4;
      }
    }
  }
  return { terms, counts, starts, all, kept: strongest.map((common) => common?.postings()) };
}

/**
 * Merged postings as TermPostings: a common term's kept apart, every other's its run of `all`;
 * `uncapped`: how many numbers those runs take together.
 */
function termPostingsOf(
  terms: string[],
  counts: ArrayLike<number>,
  starts: Uint32Array,
  all: Uint32Array,
  kept: (Uint32Array | undefined)[],
  uncapped: number,
): TermPostings {
  let numbers = uncapped;
  for (const postings of kept) numbers += postings?.length ?? 0;
  return {
    terms,
    postings: (id) => kept[id] ?? all.subarray(starts[id]!, starts[id + 1]!),
    passages: (id) => (kept[id] ? counts[id] : undefined),
    numbers,
  };
}

/**
 * The postings of every term of `parts` (document `i` is `parts[i]`), as an index keeps them: all
 * of a term's while it is in at most `maxPostings` passages, else the `maxPostings` whose BM25 term
 * weight is highest (at equal weights, the earlier), with the count of passages that hold it. Only
 * a common term has more, and a query ranks by its rare words.
 */
export function termPostings(
  parts: readonly PostingSource[],
  averages: PassageAverages,
  idsUpTo = keptIdsUpTo,
): TermPostings {
  const { terms, counts, starts, all, kept } = mergeParts(parts, averages, maxPostings, idsUpTo);
  return termPostingsOf(terms, counts, starts, all, kept, all.length);
}

/** Every posting of every term of `parts`, none left out: what a build keeps for the next to patch. */
export function allPostings(parts: readonly PostingSource[]): AllPostings {
  const { terms, starts, all } = mergeParts(parts, { head: 1, section: 1 }, Number.POSITIVE_INFINITY, keptIdsUpTo);
  return { terms, starts, all };
}

/** What termPostings gives for the parts `merged` holds every posting of: the cap applied, with these averages. */
export function keptPostings(merged: AllPostings, averages: PassageAverages): TermPostings {
  const { terms, starts, all } = merged;
  const counts = new Uint32Array(terms.length);
  const kept: (Uint32Array | undefined)[] = new Array(terms.length);
  let uncapped = 0;
  let largest = 0;
  for (let id = 0; id < terms.length; id++) {
    counts[id] = (starts[id + 1]! - starts[id]!) / 4;
    if (counts[id]! <= maxPostings) uncapped += counts[id]! * 4;
    else largest = Math.max(largest, counts[id]!);
  }
  const scratch = { weights: new Float64Array(largest), order: new Float64Array(largest) };
  for (let id = 0; id < terms.length; id++)
    if (counts[id]! > maxPostings)
      kept[id] = strongestOf(all.subarray(starts[id]!, starts[id + 1]!), averages, scratch);
  return termPostingsOf(terms, counts, starts, all, kept, uncapped);
}
