import { bm25, maxPostings } from '../../shared/search/index-format.js';

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
  private readonly numbers = new Uint32Array(maxPostings * 2 * 4);
  private readonly weights = new Float64Array(maxPostings * 2);
  private size = 0;
  private floor = Number.NEGATIVE_INFINITY;

  constructor(
    first: number[],
    private readonly averages: PassageAverages,
  ) {
    for (let at = 0; at < first.length; at += 4) this.offer(first[at]!, first[at + 1]!, first[at + 2]!, first[at + 3]!);
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

  /** Keeps the strongest maxPostings of the buffer, in order: above the weakest kept weight, and the earliest at it. */
  private keepStrongest() {
    if (this.size <= maxPostings) return;
    const threshold = this.weights.slice(0, this.size).sort()[this.size - maxPostings]!;
    let above = 0;
    for (let n = 0; n < this.size; n++) if (this.weights[n]! > threshold) above++;
    let atThreshold = maxPostings - above;
    let kept = 0;
    for (let n = 0; n < this.size; n++) {
      const weight = this.weights[n]!;
      if (weight < threshold || (weight === threshold && atThreshold-- <= 0)) continue;
      this.numbers.copyWithin(kept * 4, n * 4, n * 4 + 4);
      this.weights[kept++] = weight;
    }
    this.size = kept;
    this.floor = threshold;
  }

  /** The kept postings, four numbers each, in index order. */
  postings(): number[] {
    this.keepStrongest();
    // A plain loop: Array.from on a typed array goes through its iterator, several times slower.
    const postings = new Array<number>(this.size * 4);
    for (let at = 0; at < postings.length; at++) postings[at] = this.numbers[at]!;
    return postings;
  }
}

/** One term's postings: all of them while they are few, else the strongest (README: Search). */
interface TermEntry {
  /** How many passages hold the term. */
  count: number;
  /** Four numbers per posting, in index order, while `count` is at most maxPostings. */
  list: number[];
  strongest?: StrongestPostings;
}

/**
 * Every term's postings as an index keeps them: at most `maxPostings` per term, those whose BM25
 * term weight is highest, in index order; a common term also says how many passages hold it. Only
 * a common term has more, and a query ranks by its rare words. Postings are added in index order,
 * once the passages' average lengths are known, so the memory a common term takes stays bounded
 * however many documents hold it.
 */
export class TermPostings {
  private readonly terms = new Map<string, TermEntry>();

  constructor(private readonly averages: PassageAverages) {}

  add(term: string, index: number, section: number, frequency: number, length: number): void {
    const entry = this.terms.get(term);
    if (!entry) {
      this.terms.set(term, { count: 1, list: [index, section, frequency, length] });
      return;
    }
    entry.count++;
    if (entry.strongest) entry.strongest.offer(index, section, frequency, length);
    else if (entry.count <= maxPostings) entry.list.push(index, section, frequency, length);
    else {
      entry.strongest = new StrongestPostings(entry.list, this.averages);
      entry.list = [];
      entry.strongest.offer(index, section, frequency, length);
    }
  }

  /** Each term's kept postings (four numbers each, in index order), and how many passages hold a term that has more. */
  kept(): Map<string, { postings: number[]; passages?: number }> {
    return new Map(
      [...this.terms].map(([term, entry]) => [
        term,
        entry.strongest ? { postings: entry.strongest.postings(), passages: entry.count } : { postings: entry.list },
      ]),
    );
  }
}
