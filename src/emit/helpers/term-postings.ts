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
 * The `maxPostings` postings of one common term that weigh most, kept as they arrive: a heap whose
 * root is the weakest (the lowest weight, and at equal weights the latest). A new posting replaces
 * the root only when it weighs more, since at an equal weight the earlier one is kept. Memory is
 * bounded by maxPostings whatever the size of the site.
 */
class StrongestPostings {
  /** Four numbers per slot: document index, section, weighted frequency, weighted length. */
  private readonly numbers = new Uint32Array(maxPostings * 4);
  private readonly weights = new Float64Array(maxPostings);
  /** Each slot's arrival number: the postings come in index order. */
  private readonly arrival = new Float64Array(maxPostings);
  /** Slots in heap order. */
  private readonly heap = new Uint32Array(maxPostings);

  constructor(
    first: number[],
    private readonly averages: PassageAverages,
  ) {
    for (let slot = 0; slot < maxPostings; slot++) {
      this.store(slot, slot, first[slot * 4]!, first[slot * 4 + 1]!, first[slot * 4 + 2]!, first[slot * 4 + 3]!);
      this.heap[slot] = slot;
    }
    for (let at = (maxPostings >> 1) - 1; at >= 0; at--) this.siftDown(at);
  }

  private store(slot: number, arrival: number, index: number, section: number, frequency: number, length: number) {
    const at = slot * 4;
    this.numbers[at] = index;
    this.numbers[at + 1] = section;
    this.numbers[at + 2] = frequency;
    this.numbers[at + 3] = length;
    this.weights[slot] = termWeight(section, frequency, length, this.averages);
    this.arrival[slot] = arrival;
  }

  /** Whether slot `a` is weaker than slot `b`: it goes first when the heap is full. */
  private weaker(a: number, b: number): boolean {
    const weightA = this.weights[a]!;
    const weightB = this.weights[b]!;
    return weightA < weightB || (weightA === weightB && this.arrival[a]! > this.arrival[b]!);
  }

  private siftDown(at: number) {
    const heap = this.heap;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= maxPostings) return;
      const right = left + 1;
      const child = right < maxPostings && this.weaker(heap[right]!, heap[left]!) ? right : left;
      if (!this.weaker(heap[child]!, heap[at]!)) return;
      [heap[at], heap[child]] = [heap[child]!, heap[at]!];
      at = child;
    }
  }

  offer(arrival: number, index: number, section: number, frequency: number, length: number) {
    const weakest = this.heap[0]!;
    if (!(termWeight(section, frequency, length, this.averages) > this.weights[weakest]!)) return;
    this.store(weakest, arrival, index, section, frequency, length);
    this.siftDown(0);
  }

  /** The kept postings, four numbers each, in index order. */
  postings(): number[] {
    const slots = Array.from(this.heap).sort((a, b) => this.arrival[a]! - this.arrival[b]!);
    return slots.flatMap((slot) => Array.from(this.numbers.subarray(slot * 4, slot * 4 + 4)));
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
    const arrival = entry.count++;
    if (entry.strongest) entry.strongest.offer(arrival, index, section, frequency, length);
    else if (entry.count <= maxPostings) entry.list.push(index, section, frequency, length);
    else {
      entry.strongest = new StrongestPostings(entry.list, this.averages);
      entry.list = [];
      entry.strongest.offer(arrival, index, section, frequency, length);
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
