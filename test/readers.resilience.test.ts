import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadersReport } from '../src/analytics/report.js';
import { tempDir } from './helpers/fixtures.js';
import { recordedStatuses, replayReaders, replayServices, settled, userAgents } from './helpers/readers-replay.js';
import { runCli } from './helpers/run-cli.js';
import { type ReadersBinding, type Runtime, startServe, startWorkerd } from './helpers/runtimes.js';

let services: Awaited<ReturnType<typeof replayServices>>;

beforeAll(async () => {
  services = await replayServices();
});
afterAll(() => services?.close());

const clientAddress = '203.0.113.9';
const page = '/resources/getting-started';

/** serve on the replay's site, recording into a readers file of its own. */
async function serveRecordingInto(file: string) {
  const { site, env } = services;
  return startServe(site.dist, site.keysFile, { ...env, AGENTDIR_READERS_DATABASE: file });
}

function workerdWith(readersDatabase?: ReadersBinding) {
  const { site, env } = services;
  return startWorkerd(site.dist, { ...env, AGENTDIR_KEYS: site.secret() }, 0, {
    clientAddress,
    ...(readersDatabase ? { readersDatabase } : {}),
  });
}

/** The report `agentdir analytics --format json` prints from a readers file. */
function reportOf(file: string): ReadersReport {
  const run = runCli(tempDir(), ['analytics', '--format', 'json', '--since', '1d', '--database', file]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as ReadersReport;
}

/** How many requests a readers file holds so far, or -1 while it cannot be read yet. */
function recordedRequests(file: string): number {
  if (!fs.existsSync(file)) return -1;
  const run = runCli(tempDir(), ['analytics', '--format', 'json', '--since', '1d', '--database', file]);
  return run.code === 0 ? (JSON.parse(run.stdout) as ReadersReport).totals.requests : -1;
}

const postFeedback = (runtime: Runtime, userAgent: string, body: string, type = 'application/json') =>
  runtime.request('/api/feedback', {
    method: 'POST',
    headers: { 'Content-Type': type, 'User-Agent': userAgent },
    body,
  });

describe('a readers database that stops working', () => {
  it('under serve: a file deleted while serving changes no answer, and comes back on the next write', async () => {
    const file = path.join(tempDir('agentdir-readers-'), 'readers.sqlite');
    const serve = await serveRecordingInto(file);
    try {
      expect((await serve.request('/llms.txt', { headers: { 'User-Agent': userAgents.gpt } })).status).toBe(200);
      // Deleted once the first read is in it: the file appears as its first write begins, and deleted
      // before that write commits, the first read would land in the file made again.
      expect(await settled(async () => recordedRequests(file), 1)).toBe(1);
      fs.rmSync(file);
      expect(await replayReaders(serve, services.context)).toEqual(recordedStatuses);
      expect(await settled(async () => fs.existsSync(file), true)).toBe(true);
    } finally {
      await serve.close();
    }
    // The file made again holds the whole replay (24 requests, 4 feedback messages, 3 payments), not the first read.
    const report = reportOf(file);
    expect(report.totals.requests).toBe(24);
    expect(report.feedback.reduce((sum, row) => sum + row.count, 0)).toBe(4);
    expect(report.payments).toHaveLength(3);
  });

  describe('under workerd', () => {
    let withoutDatabase: Record<string, number>;

    beforeAll(async () => {
      const workerd = await workerdWith();
      try {
        withoutDatabase = await replayReaders(workerd, services.context);
      } finally {
        await workerd.close();
      }
    });

    it('answers the replay without a database as with one, but for feedback, received and not stored', () => {
      const feedback = Object.keys(recordedStatuses).filter((label) => recordedStatuses[label] === 201);
      expect(feedback).toHaveLength(4);
      expect(withoutDatabase).toEqual({
        ...recordedStatuses,
        ...Object.fromEntries(feedback.map((label) => [label, 202])),
      });
    });

    it.each([
      ['a D1 database whose tables were never made', 'd1-without-tables'],
      ['a KV namespace, not a database at all', 'kv-namespace'],
    ] as const)('answers every request as without a database when AGENTDIR_DB is %s', async (_label, binding) => {
      const workerd = await workerdWith(binding);
      try {
        expect(await replayReaders(workerd, services.context)).toEqual(withoutDatabase);
      } finally {
        await workerd.close();
      }
    });
  });
});

describe('feedback', () => {
  const runtimes: Record<string, Runtime> = {};

  beforeAll(async () => {
    runtimes.serve = await serveRecordingInto(path.join(tempDir('agentdir-readers-'), 'readers.sqlite'));
    runtimes.workerd = await workerdWith('d1');
  });
  afterAll(() => Promise.all(Object.values(runtimes).map((runtime) => runtime.close())));

  describe.each(['serve', 'workerd'])('on %s', (name) => {
    it.each([
      ['malformed JSON', `{"page": "${page}", `, 'application/json', 400, 'invalid_json', 'must be JSON'],
      [
        'an unknown field',
        JSON.stringify({ page, rating: 'helpful', mood: 'glad' }),
        'application/json',
        422,
        'unknown_field',
        '`mood` is not a feedback field',
      ],
      [
        'a field of the wrong type',
        JSON.stringify({ page, score: '5' }),
        'application/json',
        422,
        'invalid_field',
        '`score` must be an integer',
      ],
      [
        'a body over 16 KiB',
        JSON.stringify({ page, rating: 'helpful', comment: 'x'.repeat(16 * 1024) }),
        'application/json',
        413,
        'body_too_large',
        '16384 bytes',
      ],
      [
        'another content type',
        JSON.stringify({ page, rating: 'helpful' }),
        'text/plain',
        415,
        'unsupported_media_type',
        'application/json',
      ],
    ])('refuses %s', async (_label, body, type, status, error, message) => {
      const response = await postFeedback(runtimes[name]!, 'RefusedAgent/1.0', body, type);
      expect(response.status).toBe(status);
      const answer = JSON.parse(response.body) as { error: string; message: string };
      expect(answer.error).toBe(error);
      expect(answer.message).toContain(message);
    });

    it('takes 20 messages an hour from one reader, then answers 429 with Retry-After', async () => {
      const post = () =>
        postFeedback(runtimes[name]!, 'TalkativeAgent/1.0', JSON.stringify({ page, rating: 'helpful' }));
      for (let sent = 0; sent < 20; sent++) expect((await post()).status).toBe(201);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(JSON.parse(limited.body).error).toBe('too_many_requests');
      expect(limited.headers.get('retry-after')).toBe('3600');
    });
  });

  it('stores 1,000 concurrent messages from distinct readers under serve, refusing none', async () => {
    const file = path.join(tempDir('agentdir-readers-'), 'readers.sqlite');
    const serve = await serveRecordingInto(file);
    let statuses: number[];
    try {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, reader) =>
          postFeedback(
            serve,
            `FeedbackAgent/${reader}`,
            JSON.stringify({ page, rating: reader % 2 ? 'helpful' : 'not-helpful' }),
          ),
        ),
      );
      statuses = answers.map((answer) => answer.status);
    } finally {
      await serve.close();
    }
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const report = reportOf(file);
    expect(report.feedback).toEqual([
      { page, helpful: 500, notHelpful: 500, averageScore: null, count: 1000, comments: [] },
    ]);
    expect(report.totals).toEqual({ requests: 1000, agentRequests: 1000, browserRequests: 0, readers: 1000 });
  });
});
