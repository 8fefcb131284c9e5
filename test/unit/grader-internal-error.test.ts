import { describe, expect, it } from 'vitest';
import { networkFetcher, type SiteFetcher } from '../../src/grader/fetcher.js';
import { gradeSite } from '../../src/grader/grade.js';
import { GraderInternalError } from '../../src/grader/grader-internal-error.js';
import { pinnedFetch } from '../../src/grader-node/pinned-fetch.js';
import { watchReachability } from '../../src/grader/reachability.js';

const publicLookup = async () => [{ address: '93.184.215.14', family: 4 }];

describe('a failure of agentdir while grading', () => {
  it('stops the grade with GraderInternalError naming the check, instead of scoring the site', async () => {
    const broken: SiteFetcher = {
      get: () => Promise.reject(new TypeError('undici.buildConnector is not a function')),
    };
    const graded = gradeSite('https://docs.acme.example/', broken);
    await expect(graded).rejects.toBeInstanceOf(GraderInternalError);
    await expect(graded).rejects.toThrow('the check `robots-txt` failed (undici.buildConnector is not a function)');
  });

  it('passes through the network fetcher, which reports network failures as the site’s', async () => {
    const internal = networkFetcher({
      allowPrivate: false,
      resolveHost: async () => ['93.184.215.14'],
      fetch: () => Promise.reject(new GraderInternalError('the client did not load')),
    });
    await expect(internal.get('https://docs.acme.example/')).rejects.toThrow('the client did not load');

    const offline = networkFetcher({
      allowPrivate: false,
      resolveHost: async () => ['93.184.215.14'],
      fetch: () =>
        Promise.reject(new TypeError('fetch failed', { cause: new Error('getaddrinfo EAI_AGAIN docs.acme.example') })),
    });
    expect((await offline.get('https://docs.acme.example/')).error).toBe(
      'unreachable (getaddrinfo EAI_AGAIN docs.acme.example)',
    );
  });

  it('is what the pinned fetch throws when its HTTP client fails for a reason not of the network', async () => {
    const fetch = pinnedFetch({ lookup: publicLookup });
    await expect(fetch('http://docs.acme.example/', { method: 'GET\n' })).rejects.toBeInstanceOf(GraderInternalError);
  });
});

describe('watchReachability', () => {
  const fetcherOf = (answers: { status: number; error?: string }[]): SiteFetcher => {
    let next = 0;
    return { get: async (url) => ({ url, contentType: '', text: '', ...answers[next++]! }) };
  };

  it('tells a site that answered nothing from one that answered badly', async () => {
    const silent = watchReachability(fetcherOf([{ status: 0, error: 'unreachable (connect ECONNREFUSED)' }]));
    await silent.fetcher.get('https://a.example/');
    expect(silent.unreachable()).toBe('unreachable (connect ECONNREFUSED)');

    const answering = watchReachability(fetcherOf([{ status: 0, error: 'timed out' }, { status: 404 }]));
    await answering.fetcher.get('https://a.example/');
    await answering.fetcher.get('https://a.example/llms.txt');
    expect(answering.unreachable()).toBeNull();

    const refused = watchReachability(fetcherOf([{ status: 0, error: 'refused: the host resolves to 10.0.0.1' }]));
    await refused.fetcher.get('https://a.example/');
    expect(refused.unreachable()).toBeNull();
  });
});
