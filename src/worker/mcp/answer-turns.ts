/** Waits for `work` while the caller's turn is lent to others (see `AnswerTurns.run`). */
export type Pause = <T>(work: Promise<T>) => Promise<T>;

interface Ticket {
  /** When the ticket got the turn. */
  since: number;
}

/**
 * How often a waiting request looks whether the turn is its own, on a timer of its own: on Workers a
 * request may not be woken by another (its code would then run in the other request's context).
 */
const lookAgainMs = 1;
/** A handover not made within this long was lost (the request that scheduled it ended first). */
const handoverLostMs = 50;
/** A turn held longer than this was abandoned (its request cancelled mid-message): a message takes milliseconds. */
const turnAbandonedMs = 5_000;

function pauseBriefly(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, lookAgainMs));
}

/**
 * Runs the messages of every request of an isolate (on `agentdir serve`, of the process) one at a
 * time, in arrival order. The turn passes on by a timer, so the event loop serves whatever else is
 * waiting between two messages. One thread runs them all anyway, so nothing is lost by taking them in
 * turn; what is won is that anything else (a static file on `agentdir serve`, a small answer) waits
 * for one message's work at most, never for several batches at once.
 */
export class AnswerTurns {
  private readonly queue: Ticket[] = [];
  private holder: Ticket | null = null;
  private handoverSince: number | null = null;

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
    const ticket: Ticket = { since: 0 };
    this.queue.push(ticket);
    this.handOver();
    do {
      await pauseBriefly();
      if (this.holder !== ticket && this.queue[0] === ticket && this.stalled()) this.give(ticket);
    } while (this.holder !== ticket);
    return ticket;
  }

  /** Whether the turn is free yet nobody is handing it on, or held by a request that is gone. */
  private stalled(): boolean {
    const now = Date.now();
    if (this.holder) return now - this.holder.since > turnAbandonedMs;
    return this.handoverSince === null || now - this.handoverSince > handoverLostMs;
  }

  private end(ticket: Ticket): void {
    if (this.holder !== ticket) return;
    this.holder = null;
    this.handOver();
  }

  /** Gives the free turn to the first waiting request on a later timer: the event loop serves other work first. */
  private handOver(): void {
    if (this.holder || this.handoverSince !== null || this.queue.length === 0) return;
    this.handoverSince = Date.now();
    setTimeout(() => {
      this.handoverSince = null;
      const next = this.queue[0];
      if (!this.holder && next) this.give(next);
    }, 0);
  }

  private give(ticket: Ticket): void {
    this.queue.splice(this.queue.indexOf(ticket), 1);
    this.holder = ticket;
    this.handoverSince = null;
    ticket.since = Date.now();
  }
}

/** This isolate's turns: module state, shared by every request the isolate serves. */
export const answerTurns = new AnswerTurns();
