// The crawler list the worker names its readers with, made at build time from the installed
// `crawler-user-agents` package: read from node_modules on every build (never bundled into the
// CLI), so updating the package updates the names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AgentPattern } from '../shared/readers/agent-pattern.js';
import { patternLiteral } from '../shared/readers/pattern-literal.js';

/** One entry of the list's JSON, as far as agentdir reads it. */
interface ListEntry {
  pattern?: unknown;
  url?: unknown;
  tags?: unknown;
  description?: unknown;
  instances?: unknown;
}

/** The package the list comes from. */
export const agentListPackage = 'crawler-user-agents';

/**
 * Sites that describe other people's bots: an entry pointing at one of them says nothing of who
 * runs the bot. A repository host is one too (the repository's owner runs it, not the host).
 */
const botDirectories = new Set([
  'datadome.co',
  'knownagents.com',
  'useragents.io',
  'udger.com',
  'useragentstring.com',
  'user-agents.net',
  'github.com',
]);

/** Where the installed list is, resolved from this module, so the copy beside agentdir is the one read. */
export function agentListFile(): string {
  try {
    return createRequire(import.meta.url).resolve(agentListPackage);
  } catch (error) {
    throw new Error(
      `The crawler list \`${agentListPackage}\` is not installed beside agentdir (${(error as Error).message}). Run \`npm install\` in the project that depends on agentdir.`,
      { cause: error },
    );
  }
}

let loaded: AgentPattern[] | undefined;

/**
 * The installed crawler list as the worker's patterns: read once per process (a 440 KB file), as the
 * compiler key that covers it is computed once (src/cache/compiler-key.ts). The first call of the
 * process may name another way to `read` them: a build with the cache folder reads them from there
 * when an earlier build made them (src/cache/agent-pattern-cache.ts), before its emitters ask.
 */
export function loadAgentPatterns(read = readAgentPatterns): AgentPattern[] {
  loaded ??= read();
  return loaded;
}

/** The installed crawler list's patterns, made from the list. */
export function readAgentPatterns(): AgentPattern[] {
  const file = agentListFile();
  let entries: unknown;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `The crawler list \`${file}\` could not be read as JSON (${(error as Error).message}). Reinstall \`${agentListPackage}\`.`,
      { cause: error },
    );
  }
  return agentPatternsFrom(entries);
}

/**
 * The list's entries as patterns: only the pattern, a name, the operator and the kind (its
 * descriptions and sample user agents stay behind). Entries tagged `http-library` are left out:
 * curl or python-requests names the code that sent a request, not who sent it, so such a request
 * is an unidentified agent. Patterns this platform's RegExp refuses are left out too.
 */
export function agentPatternsFrom(entries: unknown): AgentPattern[] {
  if (!Array.isArray(entries)) return [];
  const patterns: AgentPattern[] = [];
  const seen = new Set<string>();
  for (const entry of entries as ListEntry[]) {
    if (typeof entry?.pattern !== 'string' || !entry.pattern || seen.has(entry.pattern)) continue;
    const tags = Array.isArray(entry.tags) ? entry.tags.filter((tag) => typeof tag === 'string') : [];
    if (tags.includes('http-library')) continue;
    let expression: RegExp;
    try {
      expression = new RegExp(entry.pattern);
    } catch {
      continue;
    }
    seen.add(entry.pattern);
    const instances = Array.isArray(entry.instances)
      ? entry.instances.filter((instance): instance is string => typeof instance === 'string')
      : [];
    const description = typeof entry.description === 'string' ? entry.description : '';
    patterns.push({
      pattern: entry.pattern,
      name: agentName(entry.pattern, expression, instances),
      operator: operatorOf(typeof entry.url === 'string' ? entry.url : '', instances),
      kind: isAiAgent(entry.pattern, tags, description) ? 'ai-agent' : 'crawler',
    });
  }
  return patterns;
}

/**
 * `ai-crawler` is the list's tag for AI crawlers and fetchers. `browser-automation` holds both
 * AI agents driving a browser (Google-Agent, Manus-User, Gemini CLI) and test tools (Selenium,
 * Playwright, Ghost Inspector): the list says which in the entry's description or name.
 */
function isAiAgent(pattern: string, tags: string[], description: string): boolean {
  if (tags.includes('ai-crawler')) return true;
  return tags.includes('browser-automation') && /\bAI\b|agent/i.test(`${description} ${pattern}`);
}

/**
 * A readable name, fixed at build time so one agent is one name in the report whatever case or
 * version its user agent carries, and no text of a request ever becomes a name: the pattern's
 * text when it is plain text, else what it matches in the list's own sample user agent
 * (`[cC]laude[bB]ot` is `ClaudeBot`), without separators at either end (`PerplexityBot\/`).
 */
function agentName(pattern: string, expression: RegExp, instances: string[]): string {
  const literal = patternLiteral(pattern);
  let name = literal?.text;
  if (name === undefined) {
    // Up to a wildcard (`Spider[\s\S]*spider\.com`): what follows it is another part of the user agent.
    const head = pattern.split('[\\s\\S]*')[0]!;
    const headExpression = head === pattern ? expression : safeRegExp(head);
    // The spelling with the most capitals: `ClaudeBot` rather than a sample's `claudebot`.
    for (const instance of instances) {
      const found = headExpression?.exec(instance)?.[0];
      if (found?.trim() && (name === undefined || capitals(found) > capitals(name))) name = found;
    }
  }
  name ??= pattern.replace(/\\(.)/g, '$1').replace(/[\\[\](){}*+?|^$]/g, '');
  const tidy = name.replace(/[\s/;:,.(-]+$/, '').replace(/^[\s/;(]+/, '');
  return (tidy || name.trim() || pattern).slice(0, 64);
}

function capitals(text: string): number {
  return text.replace(/[^A-Z]/g, '').length;
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * Who runs the agent: the registrable domain of the entry's `url` (`platform.openai.com` is
 * `openai.com`), or, when that is a site about bots, of the contact in its sample user agent
 * (`+Claude-User@anthropic.com`, `+https://anchorbrowser.io/`).
 */
function operatorOf(url: string, instances: string[]): string | null {
  const fromUrl = hostOf(url);
  if (fromUrl && !botDirectories.has(registrableDomain(fromUrl))) return registrableDomain(fromUrl);
  for (const instance of instances) {
    const contact = /\+\s*(?:https?:\/\/|[\w.-]+@)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i.exec(instance)?.[1];
    const host = contact ? hostOf(`https://${contact}`) : null;
    if (host && !botDirectories.has(registrableDomain(host))) return registrableDomain(host);
  }
  return null;
}

function hostOf(url: string): string | null {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    // An address literal names no operator.
    if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.startsWith('[')) return null;
    return hostname;
  } catch {
    return null;
  }
}

/**
 * The host without its subdomains: the last two labels, or three under a country's second level
 * (`co.uk`, `com.au`, `ne.jp`). Close enough for naming operators without a public suffix list.
 */
function registrableDomain(host: string): string {
  const labels = host.replace(/^www\./, '').split('.');
  const secondLevel = /^(co|com|net|org|ac|gov|edu|ne|or|go)$/;
  const keep = labels.length > 2 && labels.at(-1)!.length === 2 && secondLevel.test(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join('.');
}
