import { describe, expect, it } from 'vitest';
import { agentPatternsFrom, loadAgentPatterns } from '../../src/readers/agent-patterns.js';
import { compileAgentPatterns } from '../../src/worker/readers/agent-matcher.js';
import { classifyReader } from '../../src/worker/readers/classify-reader.js';

// Real user agents, as their operators document them or as they arrive.
const userAgents = {
  gptBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot',
  chatGptUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  oaiSearchBot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  claudeBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  claudeUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  perplexityBot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  curl: 'curl/8.5.0',
  pythonRequests: 'python-requests/2.32.3',
  // undici, Node's fetch, says only this.
  nodeFetch: 'node',
};

const browserNavigation = {
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Site': 'none',
  'Sec-Fetch-User': '?1',
};

const patterns = loadAgentPatterns();

function reader(userAgent: string, extra: Record<string, string> = {}, signer?: { operator: string }) {
  return classifyReader(new Headers({ 'User-Agent': userAgent, ...extra }), patterns, signer);
}

describe('naming the reader of a request', () => {
  it.each([
    ['gptBot', 'GPTBot', 'openai.com'],
    ['chatGptUser', 'ChatGPT-User', 'openai.com'],
    ['oaiSearchBot', 'OAI-SearchBot', 'openai.com'],
    ['claudeBot', 'ClaudeBot', 'anthropic.com'],
    ['claudeUser', 'Claude-User', 'anthropic.com'],
    ['perplexityBot', 'PerplexityBot', 'perplexity.ai'],
  ] as const)('names %s an AI agent of its operator', (key, agent, operator) => {
    expect(reader(userAgents[key])).toEqual({ agent, operator, kind: 'ai-agent', verified: false });
  });

  it.each([
    ['googlebot', 'Googlebot', 'google.com'],
    ['bingbot', 'bingbot', 'bing.com'],
  ] as const)('names %s a search crawler, even with fetch metadata', (key, agent, operator) => {
    const identity = { agent, operator, kind: 'crawler', verified: false };
    expect(reader(userAgents[key])).toEqual(identity);
    expect(reader(userAgents[key], browserNavigation)).toEqual(identity);
  });

  it('calls Chrome and Firefox browsers only when they send fetch metadata, as every current browser does', () => {
    const browser = { agent: 'Browser', operator: null, kind: 'browser', verified: false };
    const unidentified = { agent: 'Unidentified agent', operator: null, kind: 'unknown', verified: false };
    expect(reader(userAgents.chrome, browserNavigation)).toEqual(browser);
    expect(reader(userAgents.firefox, { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' })).toEqual(browser);
    // A script claiming to be a browser sends no fetch metadata.
    expect(reader(userAgents.chrome)).toEqual(unidentified);
    expect(reader(userAgents.firefox)).toEqual(unidentified);
    // Node's fetch sends `Sec-Fetch-Mode: cors` whatever user agent a script gives it.
    expect(reader(userAgents.chrome, { 'Sec-Fetch-Mode': 'cors' })).toEqual(unidentified);
  });

  it.each(['curl', 'pythonRequests', 'nodeFetch'] as const)(
    'calls %s an unidentified agent: an HTTP library says nothing of who uses it',
    (key) => {
      const unidentified = { agent: 'Unidentified agent', operator: null, kind: 'unknown', verified: false };
      expect(reader(userAgents[key])).toEqual(unidentified);
      expect(reader(userAgents[key], browserNavigation)).toEqual(unidentified);
    },
  );

  it('calls a request with no user agent an unidentified agent', () => {
    expect(classifyReader(new Headers(), patterns)).toMatchObject({ agent: 'Unidentified agent', kind: 'unknown' });
  });

  it('names a verified signer from the list when its user agent is there, else by its host, and trusts its host as operator', () => {
    expect(reader(userAgents.chatGptUser, {}, { operator: 'chatgpt.com' })).toEqual({
      agent: 'ChatGPT-User',
      operator: 'chatgpt.com',
      kind: 'ai-agent',
      verified: true,
    });
    // ChatGPT's agent signs its requests and sends a browser's user agent.
    expect(reader(userAgents.chrome, browserNavigation, { operator: 'chatgpt.com' })).toEqual({
      agent: 'chatgpt.com',
      operator: 'chatgpt.com',
      kind: 'ai-agent',
      verified: true,
    });
  });

  it('prefers the AI agent when a user agent matches a crawler too', () => {
    const devin =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/137.0.0.0 Safari/537.36; Devin/1.0; +https://devin.ai';
    expect(reader(devin)).toMatchObject({ agent: 'Devin', kind: 'ai-agent' });
    // Test tools driving a browser are crawlers; AI agents driving one are AI agents.
    expect(reader(`${userAgents.chrome} Playwright/1.40.0`)).toMatchObject({ agent: 'Playwright', kind: 'crawler' });
    expect(
      reader(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleAgent-Mariner) Chrome/142.0.7444.162 Safari/537.36',
      ),
    ).toMatchObject({ agent: 'GoogleAgent-Mariner', operator: 'deepmind.google', kind: 'ai-agent' });
  });

  it('never makes a name of text from the request, and reads only the start of a hostile user agent', () => {
    const hostile = [
      'Spider'.repeat(20_000),
      '\u0001\u0007\u001b[31m'.repeat(10_000),
      `<script>alert(1)</script>${'a'.repeat(100_000)}`,
      `${'x'.repeat(100_000)} GPTBot/1.1`,
      "'; DROP TABLE reader_events; --",
    ];
    const names = new Set(patterns.map((pattern) => pattern.name));
    for (const userAgent of hostile) {
      const identity = reader(userAgent, browserNavigation);
      expect(identity.agent === 'Unidentified agent' || names.has(identity.agent)).toBe(true);
    }
    // Past the part of the user agent that is read, a name is not looked for.
    expect(reader(`${'x'.repeat(100_000)} GPTBot/1.1`).agent).toBe('Unidentified agent');
  });

  it('compiles the list once per isolate and reuses it for every request', () => {
    const matcher = compileAgentPatterns(patterns);
    expect(compileAgentPatterns(patterns)).toBe(matcher);
    const headers = new Headers({ 'User-Agent': userAgents.chrome, ...browserNavigation });
    expect(classifyReader(headers, matcher)).toMatchObject({ agent: 'Browser', kind: 'browser' });
  });
});

describe('the crawler list the build hands the worker', () => {
  it('keeps only what the worker needs, for each entry of the installed list but HTTP libraries', () => {
    expect(patterns.length).toBeGreaterThan(1_000);
    for (const pattern of patterns) {
      expect(Object.keys(pattern).sort()).toEqual(['kind', 'name', 'operator', 'pattern']);
      expect(pattern.name.length).toBeGreaterThan(0);
      expect(pattern.name.length).toBeLessThanOrEqual(64);
    }
    expect(patterns.find((pattern) => pattern.pattern === '^curl')).toBeUndefined();
    expect(patterns.find((pattern) => pattern.pattern === 'python-requests')).toBeUndefined();
  });

  it('names agents readably, takes the operator from the entry or its sample, and refuses what is not a pattern', () => {
    const made = agentPatternsFrom([
      { pattern: 'PerplexityBot\\/', url: 'https://docs.perplexity.ai/docs/perplexitybot', tags: ['ai-crawler'] },
      {
        pattern: '[cC]laude[bB]ot',
        url: 'https://www.anthropic.com/',
        tags: ['ai-crawler'],
        instances: ['claudebot', 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'],
      },
      {
        pattern: 'Claude-User',
        url: 'https://useragents.io/uas/claude-user',
        tags: ['ai-crawler'],
        instances: ['Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)'],
      },
      {
        pattern: 'Ghost Inspector',
        url: 'https://ghostinspector.com/',
        tags: ['browser-automation'],
        description: 'Browser testing service automating UI tests',
      },
      {
        pattern: 'Manus-User',
        url: 'https://knownagents.com/agents/manus-user',
        tags: ['browser-automation'],
        description: "Butterfly Effect's AI agent for web tasks",
      },
      { pattern: 'Googlebot\\/', url: 'http://www.google.com/bot.html', tags: ['search-engine'] },
      { pattern: '(unclosed', tags: [] },
      { pattern: 42 },
      null,
    ]);
    expect(made).toEqual([
      { pattern: 'PerplexityBot\\/', name: 'PerplexityBot', operator: 'perplexity.ai', kind: 'ai-agent' },
      { pattern: '[cC]laude[bB]ot', name: 'ClaudeBot', operator: 'anthropic.com', kind: 'ai-agent' },
      { pattern: 'Claude-User', name: 'Claude-User', operator: 'anthropic.com', kind: 'ai-agent' },
      { pattern: 'Ghost Inspector', name: 'Ghost Inspector', operator: 'ghostinspector.com', kind: 'crawler' },
      { pattern: 'Manus-User', name: 'Manus-User', operator: null, kind: 'ai-agent' },
      { pattern: 'Googlebot\\/', name: 'Googlebot', operator: 'google.com', kind: 'crawler' },
    ]);
  });

  it('stays small beside the list it comes from', () => {
    // About 130 KB of JSON for ~1,450 entries; the installed list is about 440 KB.
    expect(JSON.stringify(patterns).length).toBeLessThan(160_000);
  });
});
