/** Waits for `work` while the caller's turn is lent to others (see `AnswerTurns.run`). */
export type Pause = <T>(work: Promise<T>) => Promise<T>;

interface Ticket {
  /** When the ticket got the turn. */
  since: number;
  /** When its request last looked whether the turn is its own. */
  lookedAt: number;
  /** Whether the turn was free when it last looked: it takes a free turn the next time it looks. */
  sawFree: boolean;
}

/**
 * How often a waiting request looks whether it may take the turn, on a timer of its own: on Workers a
 * request may not be woken by another (its code would then run in the other request's context), and
 * a timer one request sets for another may never fire (workerd cancels it when its request ends).
 */
const lookAgainMs = 1;
/**
 * A turn held longer than this was abandoned (its request cancelled mid-message): a message takes
 * milliseconds. A waiting request that has not looked for as long is gone too (cancelled while it waited).
 */
const turnAbandonedMs = 5_000;

function pauseBriefly(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, lookAgainMs));
}

/**
 * Runs the messages of every request of an isolate (on `agentdir serve`, of the process) one at a
 * time, in arrival order. Nobody hands the turn on: the first waiting request takes a free turn on a
 * timer of its own, the look after it saw the turn free, so the event loop serves whatever else is
 * waiting between two messages. One thread runs them all anyway, so nothing is lost by taking them in
 * turn; what is won is that anything else (a static file on `agentdir serve`, a small answer) waits
 * for one message's work at most, never for several batches at once.
 */
export class AnswerTurns {
  private readonly queue: Ticket[] = [];
  private holder: Ticket | null = null;

  /**
   * Runs `job` in a turn of its own. A job that waits on the network (an x402 facilitator) passes that
   * wait through `pause`, which lends the turn to others meanwhile.
   */
  async run<T>(job: (pause: Pause) => Promise<T>): Promise<T> {
    let mine = await this.turn();
    const pause: Pause = async (work) => {
      this.end(mine);
      try {
        return await work;
      } finally {
        mine = await this.turn();
      }
    };
    try {
      return await job(pause);
    } finally {
      this.end(mine);
    }
  }

  private async turn(): Promise<Ticket> {
    // Free, with nobody waiting: taken at the first look, a timer away, so that what else waits (a
    // static file, the next request) is served between this message and the one before it.
    const ticket: Ticket = { since: 0, lookedAt: Date.now(), sawFree: !this.holder && this.queue.length === 0 };
    this.queue.push(ticket);
    for (;;) {
      await pauseBriefly();
      ticket.lookedAt = Date.now();
      // Left out of the queue while it did not look (a long block of the event loop): back in line.
      if (!this.queue.includes(ticket)) this.queue.push(ticket);
      if (this.mayTake(ticket)) return this.give(ticket);
    }
  }

  /** Whether `ticket` takes the turn now: free (or abandoned) since its last look, and first of the requests still waiting. */
  private mayTake(ticket: Ticket): boolean {
    const now = Date.now();
    if (this.holder && now - this.holder.since <= turnAbandonedMs) {
      ticket.sawFree = false;
      return false;
    }
    const ahead = this.queue.slice(0, this.queue.indexOf(ticket));
    if (ahead.some((other) => now - other.lookedAt <= turnAbandonedMs)) return false;
    if (!ticket.sawFree) {
      ticket.sawFree = true;
      return false;
    }
    // Those ahead stopped looking long ago: their requests are gone.
    this.queue.splice(0, ahead.length);
    return true;
  }

  private end(ticket: Ticket): void {
    if (this.holder === ticket) this.holder = null;
  }

  private give(ticket: Ticket): Ticket {
    const index = this.queue.indexOf(ticket);
    if (index >= 0) this.queue.splice(index, 1);
    this.holder = ticket;
    ticket.since = Date.now();
    return ticket;
  }
}

/** This isolate's turns: module state, shared by every request the isolate serves. */
export const answerTurns = new AnswerTurns();
