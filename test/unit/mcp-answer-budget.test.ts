import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerStream } from '../../src/worker/mcp/answer-body.js';
import { AnswerBudget } from '../../src/worker/mcp/answer-budget.js';
import { AnswerTurns } from '../../src/worker/mcp/answer-turns.js';
import { page } from '../../src/worker/mcp/pagination.js';
import { maxAnswerBytes } from '../../src/shared/mcp-limits.js';

afterEach(() => {
  vi.useRealTimers();
});

async function read(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    chunks++;
  }
  return { text: text + decoder.decode(), chunks };
}

describe('the answer budget', () => {
  it('reserves room for an answer at the cap while it has room, and takes back what answers leave unused', () => {
    const budget = new AnswerBudget(4 * maxAnswerBytes);
    const reservations = [1, 2, 3, 4].map(() => budget.reserve());
    expect(reservations.every(Boolean)).toBe(true);
    expect(budget.reserve()).toBeNull();
    reservations[0]!.use(1000);
    reservations[0]!.close();
    expect(budget.inUse()).toBe(3 * maxAnswerBytes + 1000);
    // Room for a whole answer at the cap is what a request needs, not room for what others left.
    expect(budget.reserve()).toBeNull();
    reservations[1]!.close();
    expect(budget.reserve()).not.toBeNull();
  });

  it('lends the unused room while a request waits on the network', async () => {
    const budget = new AnswerBudget(maxAnswerBytes);
    const reservation = budget.reserve()!;
    let release = () => {};
    const waiting = reservation.awaitNetwork(new Promise<void>((resolve) => (release = resolve)));
    expect(budget.hasRoom()).toBe(true);
    release();
    await waiting;
    expect(budget.hasRoom()).toBe(false);
  });

  it('stops counting a hold nothing has touched for 10 s: an answer whose client left without a word', () => {
    vi.useFakeTimers({ now: 0 });
    const budget = new AnswerBudget(maxAnswerBytes);
    budget.reserve()!.use(500);
    vi.setSystemTime(9_000);
    expect(budget.hasRoom()).toBe(false);
    vi.setSystemTime(10_001);
    expect(budget.hasRoom()).toBe(true);
  });
});

describe('an answer as a stream', () => {
  it('frames a batch as a JSON array, a chunk at a time, and lets go of each part once sent', async () => {
    const budget = new AnswerBudget(maxAnswerBytes);
    const reservation = budget.reserve()!;
    const texts = [JSON.stringify({ id: 1, text: 'a'.repeat(200_000) }), JSON.stringify({ id: 2 })];
    for (const text of texts) reservation.use(text.length);
    reservation.close();
    const { text, chunks } = await read(answerStream([...texts], 'batch', budget, reservation.hold));
    expect(JSON.parse(text)).toEqual(texts.map((part) => JSON.parse(part)));
    expect(chunks).toBeGreaterThan(3);
    expect(budget.inUse()).toBe(0);
  });

  it('never splits a character of two code units between chunks', async () => {
    const budget = new AnswerBudget(maxAnswerBytes);
    const reservation = budget.reserve()!;
    // The pair straddles the 64 Ki character boundary of the first chunk.
    const text = JSON.stringify(`${'x'.repeat(64 * 1024 - 3)}\u{1F600}${'y'.repeat(10)}`);
    reservation.use(text.length);
    expect((await read(answerStream([text], 'single', budget, reservation.hold))).text).toBe(text);
  });

  it('lets go of the rest when the client goes away', async () => {
    const budget = new AnswerBudget(maxAnswerBytes);
    const reservation = budget.reserve()!;
    const text = 'z'.repeat(300_000);
    reservation.use(text.length);
    reservation.close();
    const reader = answerStream([text], 'single', budget, reservation.hold).getReader();
    await reader.read();
    expect(budget.inUse()).toBeGreaterThan(200_000);
    await reader.cancel();
    expect(budget.inUse()).toBe(0);
  });
});

describe('answer turns', () => {
  it('runs one job at a time, and lends the turn while a job waits on the network', async () => {
    const turns = new AnswerTurns();
    const events: string[] = [];
    let paid = () => {};
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = turns.run(async () => {
      events.push('first starts');
      await sleep(30);
      events.push('first ends');
    });
    const second = turns.run(async (pause) => {
      events.push('second starts');
      await pause(new Promise<void>((resolve) => (paid = resolve)));
      events.push('second resumes');
    });
    const third = turns.run(async () => {
      events.push('third runs');
      paid();
    });
    await Promise.all([first, second, third]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts', 'third runs', 'second resumes']);
  });

  it('lets the event loop serve what waits between two jobs', async () => {
    const turns = new AnswerTurns();
    const events: string[] = [];
    await Promise.all([
      turns.run(async () => {
        events.push('first');
        setTimeout(() => events.push('timer'), 0);
      }),
      turns.run(async () => void events.push('second')),
    ]);
    expect(events).toEqual(['first', 'timer', 'second']);
  });

  it('lets the event loop serve what waits between two jobs of one request, with nobody else waiting', async () => {
    const turns = new AnswerTurns();
    const events: string[] = [];
    await turns.run(async () => {
      events.push('first');
      setTimeout(() => events.push('timer'), 0);
    });
    await turns.run(async () => void events.push('second'));
    expect(events).toEqual(['first', 'timer', 'second']);
  });
});

describe('pages bounded by size', () => {
  const items = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
  const bytes = { maxBytes: 5, sizeOf: (item: string) => item.length };

  it('stops before the item that would pass the size, and gives the cursor of the rest', () => {
    const first = page(items, 0, 10, bytes);
    expect(first.items).toEqual(['a', 'bb']);
    expect(atob(first.nextCursor!)).toBe('offset:2');
  });

  it('holds at least one item, however large', () => {
    expect(page(items, 4, 10, { ...bytes, maxBytes: 1 }).items).toEqual(['eeeee']);
  });
});
