import { maxAnswerBytes } from '../../shared/mcp-limits.js';

/**
 * The most characters of answers that one isolate (on `agentdir serve`, the process) holds at once,
 * being made or not yet sent: four answers at the cap, under 64 MB at worst, so that many requests at
 * once cannot add up to more than an isolate has. Past it a request is refused at once with 503 and
 * Retry-After rather than queued: a queue would hold the requests' memory too, and the client can
 * wait better than the server.
 */
export const answerBudgetBytes = 16 * 1024 * 1024;

/**
 * A hold untouched for this long no longer counts: its answer stopped being read and nothing said so
 * (Workers stop pulling the body of a client that went away, without cancelling it). A client that
 * reads pulls far more often; one that stalls this long on `agentdir serve` is cut off soon after.
 */
const holdIdleMs = 10_000;

/** One request's share of the budget: room reserved for its answer, then the made answer until it is sent. */
export class AnswerHold {
  /** Reserved room no answer has used yet. */
  unused = 0;
  /** Characters of the made answer not yet sent. */
  unsent = 0;
  lastActive = 0;

  get characters(): number {
    return this.unused + this.unsent;
  }
}

/** Characters of answers held at once, counted against a limit. */
export class AnswerBudget {
  private readonly holds = new Set<AnswerHold>();

  constructor(readonly limit: number) {}

  /** Whether a request could reserve room for an answer now: one is refused before any work otherwise. */
  hasRoom(): boolean {
    return this.limit - this.inUse() >= maxAnswerBytes;
  }

  /** Room for one answer at the cap, held until the answer is made; null when the budget has none. */
  reserve(): AnswerReservation | null {
    if (!this.hasRoom()) return null;
    const hold = new AnswerHold();
    hold.unused = maxAnswerBytes;
    this.update(hold);
    return new AnswerReservation(this, hold);
  }

  /** Records a change to `hold`: it counts while it holds anything, from now on. */
  update(hold: AnswerHold): void {
    hold.lastActive = Date.now();
    if (hold.characters > 0) this.holds.add(hold);
    else this.holds.delete(hold);
  }

  /** Lets go of all of `hold` (its answer was sent, or its client went away). */
  drop(hold: AnswerHold): void {
    hold.unused = 0;
    hold.unsent = 0;
    this.holds.delete(hold);
  }

  /** Characters held now, by holds active within `holdIdleMs`. */
  inUse(): number {
    const now = Date.now();
    let total = 0;
    for (const hold of this.holds) {
      if (now - hold.lastActive > holdIdleMs) this.holds.delete(hold);
      else total += hold.characters;
    }
    return total;
  }
}

/**
 * The room one request holds while it runs its messages and makes its answer: taken whole before the
 * first message runs, so that requests running at once can never make more than the budget holds.
 * Each answer made moves out of it into the hold's unsent part (the stream that sends the answer lets
 * that go as it goes); what is left is given back when the request is done.
 */
export class AnswerReservation {
  constructor(
    private readonly budget: AnswerBudget,
    readonly hold: AnswerHold,
  ) {}

  /** Counts a made answer of `characters` as held, from the reservation as far as it goes. */
  use(characters: number): void {
    this.hold.unused = Math.max(0, this.hold.unused - characters);
    this.hold.unsent += characters;
    this.budget.update(this.hold);
  }

  /** Gives back what the answer did not use. */
  close(): void {
    this.hold.unused = 0;
    this.budget.update(this.hold);
  }

  /**
   * Waits for `work` on the network (an x402 facilitator) with the unused room given back meanwhile,
   * so that a payment taking seconds keeps no other request from being answered.
   */
  async awaitNetwork<T>(work: Promise<T>): Promise<T> {
    const lent = this.hold.unused;
    this.hold.unused = 0;
    this.budget.update(this.hold);
    try {
      return await work;
    } finally {
      this.hold.unused = lent;
      this.budget.update(this.hold);
    }
  }
}

/** This isolate's budget: module state, shared by every request the isolate serves. */
export const answerBudget = new AnswerBudget(answerBudgetBytes);
