import { premiumSlugs, type EmitContext } from '../context.js';
import { generatedSkillName } from '../../content/load-skills.js';
import { maxSkillDescriptionLength } from '../../content/skill-name.js';
import { mcpToolNames } from '../../shared/mcp.js';
import { searchPaths, searchRoots } from '../../shared/search/index-format.js';
import { oneLine } from '../../util/text.js';
import { jsonText } from '../../util/json-text.js';
import { pagePaths, pageUrl } from './page-paths.js';
import { keyHeaders } from '../pricing.js';
import { maxAnswerBytes, maxBatchItems, maxBodyBytes, retryAfterSeconds } from '../../shared/mcp-limits.js';

// The SKILL.md that teaches an agent to use this directory, written from the site model alone
// (README: Agent skills), so it says what this build holds and answers, never what it used to.

const count = (amount: number, one: string, many: string) =>
  `${amount.toLocaleString('en-US')} ${amount === 1 ? one : many}`;

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

/** The skill's description: what the directory is and when to reach for it, within the format's limit. */
export function directorySkillDescription(context: EmitContext): string {
  const { site } = context.model;
  const text = `Search and read ${oneLine(site.name)}: ${oneLine(site.description)} Use when a task needs its resources or guides; covers search, MCP, the Markdown and JSON variants, access keys and the license.`;
  return text.length <= maxSkillDescriptionLength ? text : `${text.slice(0, maxSkillDescriptionLength - 1)}…`;
}

function holdings(context: EmitContext): string[] {
  const { model } = context;
  const premium = premiumSlugs(model).length;
  const lines = [
    `- ${count(model.resources.length, 'resource', 'resources')}${premium ? ` (${premium} premium)` : ''}, ${count(model.articles.length, 'guide', 'guides')} in ${count(model.clusters.length, 'guide cluster', 'guide clusters')}, ${count(model.paths.length, 'learning path', 'learning paths')}.`,
  ];
  const categories = (model.site.categories ?? [])
    .map((category) => ({
      category,
      resources: model.resources.filter((resource) => resource.category === category.id).length,
    }))
    .filter(({ resources }) => resources > 0);
  if (categories.length) {
    lines.push('', 'Categories (resources in each):', '');
    for (const { category, resources } of categories)
      lines.push(
        `- ${oneLine(category.title)} (\`${category.id}\`, ${resources}): ${oneLine(category.description ?? '')} ${pageUrl(context, pagePaths.category(category.id))}`.trimEnd(),
      );
  }
  return lines;
}

function access(context: EmitContext): string[] {
  const { site } = context.model;
  const { urls } = context;
  if (!premiumSlugs(context.model).length)
    return [`Every document here is free: no key, no account. Terms: ${urls.terms}.`];
  const tiers = site.pricing.tiers.map((tier) => `${tier.id} (${tier.price} ${tier.currency})`).join(', ');
  return [
    `Premium resources are listed with their title, description and H2 headings; their body answers HTTP 402 without a key. The 402 body (JSON) holds a preview, \`price_usd\` and \`how_to_pay\`: follow \`how_to_pay\` as it is written.`,
    '',
    `- Access keys: buy one at ${site.pricing.payment_url} (tiers: ${tiers}; what each grants: ${urls.pricing}), then send it on every request as \`${keyHeaders[0]}\` or \`${keyHeaders[1]}\`. Over MCP, send the same header to ${urls.mcp}. A starter key opens premium bodies; the full export ${urls.corpusFull} needs a corpus or redistribution key.`,
    `- Pay per fetch (x402): offered only when the 402 body's \`how_to_pay\` names ${urls.x402('<slug>')}; then pay ${site.pricing.price_usd} USD in USDC with an x402 client (\`X-PAYMENT\` or \`PAYMENT-SIGNATURE\`), or over MCP in \`get_resource\`'s \`_meta\`. When \`how_to_pay\` does not name it, this site sells keys only.`,
    `- Terms: ${urls.terms}. Payment manifest: ${urls.payment}. Never guess or reuse a key you were not given.`,
  ];
}

function license(context: EmitContext): string[] {
  const { site } = context.model;
  const signals = site.content_signals;
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return [
    `${oneLine(site.license.name)} (RSL): ${context.urls.license}. It permits ${site.license.permits.join(', ') || 'nothing without a license'}; it prohibits ${site.license.prohibits.join(', ') || 'nothing'} without a corpus license. robots.txt says \`Content-Signal: search=${yesNo(signals.search)}, ai-input=${yesNo(signals['ai-input'])}, ai-train=${yesNo(signals['ai-train'])}\`. Cite a document by its HTML URL.`,
  ];
}

/** /.well-known/agent-skills/<name>/SKILL.md: the skill that teaches an agent to use this directory. */
export function directorySkill(context: EmitContext): { name: string; description: string; text: string } {
  const { site } = context.model;
  const { urls } = context;
  const name = generatedSkillName(site);
  const description = directorySkillDescription(context);
  const search = searchPaths(`${urls.base}${searchRoots.agents}`);
  const body = [
    `# ${oneLine(site.name)}`,
    '',
    `${oneLine(site.description)} Home: ${urls.home}`,
    '',
    '## What it holds',
    '',
    ...holdings(context),
    '',
    '## Find and read',
    '',
    `1. Search first: the MCP tool \`search\` (below) ranks every word of every free document and says when nothing answers. Without MCP, ${urls.searchIndex} lists each document's title, description and tags to rank yourself; the full-text index the tool reads is at ${search.meta} (term shards and document chunks beside it).`,
    `2. Read a document as Markdown: ${urls.resourceMarkdown('<slug>')} and ${urls.articleMarkdown('<slug>')}; as JSON (with its outline and sources): ${urls.resourceJson('<slug>')} and ${urls.articleJson('<slug>')}. The HTML page drops \`.md\` (${urls.resourceHtml('<slug>')}).`,
    `3. Browse: ${urls.llmsTxt} lists every document; ${urls.llmsFullTxt} holds every free body in one file. JSON indexes: ${urls.resourceIndex}, ${urls.articleIndex}, ${urls.categories}, ${urls.tags}, ${urls.paths}.`,
    `4. Bulk: the free corpus as NDJSON at ${urls.corpusJsonl} (schema ${urls.corpusSchema}).`,
    `5. Every URL, with its parameters and answers: ${urls.openApi} (catalog: ${urls.apiCatalog}).`,
    '',
    '## MCP server',
    '',
    `${urls.mcp}: Streamable HTTP, stateless, read-only; POST one JSON-RPC message with \`Accept: application/json, text/event-stream\`. No key needed except for premium bodies. Server card: ${urls.serverCard}.`,
    '',
    `Tools: ${mcpToolNames.map((tool) => `\`${tool}\``).join(', ')}. Start with \`search\` or \`list_resources\`, read with \`get_resource\` or \`get_article\`, and ask \`get_access_info\` before paying.`,
    '',
    '## Access and payment',
    '',
    ...access(context),
    '',
    '## Limits',
    '',
    `- No per-client quota. A busy MCP server answers 503 with \`Retry-After\` (${retryAfterSeconds} s): wait that long and send the request again.`,
    `- A POST to ${urls.mcp} carries at most ${kib(maxBodyBytes)}; a batch (protocol 2025-03-26 only) at most ${maxBatchItems} messages; one answer at most ${kib(maxAnswerBytes)}, so page with \`cursor\` rather than asking for everything at once.`,
    '- Cache what you fetched: static files carry an `ETag`, so a conditional request costs nothing.',
    '',
    '## License',
    '',
    ...license(context),
    '',
  ].join('\n');
  const front = `---\nname: ${name}\ndescription: ${jsonText(description)}\n---\n\n`;
  return { name, description, text: `${front}${body}` };
}
