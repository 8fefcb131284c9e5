import { byString } from '../util/compare.js';
import type { EmitContext } from './context.js';
import type { OutputFile } from './output.js';
import { linkText, oneLine } from './markdown-text.js';
import { agentMarkdownBody } from './agent-links.js';

/** /llms.txt in the llmstxt.org format: H1, blockquote, notes, H2 file lists of absolute `.md` links, `## Optional` last. */
export function llmsTxt(context: EmitContext): string {
  const { model, urls } = context;
  const { site } = model;
  const categoryTitle = new Map((site.categories ?? []).map((category) => [category.id, category.title]));
  const free = model.resources.filter((resource) => !resource.premium);
  const premium = model.resources.filter((resource) => resource.premium);
  const categories = [...new Set(free.map((resource) => resource.category))].sort(byString);
  const link = (title: string, url: string, description: string) =>
    `- [${linkText(title)}](${url}): ${oneLine(description)}`;

  const parts = [
    `# ${site.name}`,
    `> ${oneLine(site.description)}`,
    [
      `Every resource has an HTML page, a Markdown variant (\`.md\`) and a JSON variant (\`/api/resources/<slug>.json\`). Start with the resource index at ${urls.resourceIndex} or the search index at ${urls.searchIndex}.`,
      `Premium resources need an access key (\`Authorization: Bearer <API_KEY>\` or \`x-api-key\`); without one they answer HTTP 402 with a preview and purchase instructions. Terms: ${urls.terms}. License: ${urls.license}. MCP server: ${urls.mcp}. Every URL of the site is described in OpenAPI at ${urls.openApi}.`,
      `Data for agents: the free corpus as NDJSON at ${urls.corpusJsonl} (a meta record, then one record per resource), the guide index at ${urls.articleIndex}, learning paths at ${urls.paths} and the pricing catalog at ${urls.pricing}.`,
    ].join('\n\n'),
  ];
  for (const category of categories) {
    const title =
      categoryTitle.get(category) ?? category.replace(/-/g, ' ').replace(/^./, (char) => char.toUpperCase());
    parts.push(
      `## ${title}\n\n${free
        .filter((resource) => resource.category === category)
        .map((resource) => link(resource.title, urls.resourceMarkdown(resource.slug), resource.description))
        .join('\n')}`,
    );
  }
  if (premium.length) {
    parts.push(
      // Each links its public preview (200: what it covers and how to get it); the body answers 402 without a key.
      `## Premium resources\n\n${premium.map((resource) => link(`${resource.title} (premium: key required)`, urls.premiumPreviewMarkdown(resource.slug), resource.description)).join('\n')}`,
    );
  }
  for (const cluster of model.clusters) {
    const articles = [cluster.pillar, ...cluster.subs];
    const overview = link(
      `${cluster.title}: the guides in reading order`,
      urls.guideMarkdown(cluster.id),
      cluster.description ?? `${articles.length} guides`,
    );
    parts.push(
      `## Guides: ${oneLine(cluster.title)}\n\n${[overview, ...articles.map((article) => link(article.title, urls.articleMarkdown(article.slug), article.description))].join('\n')}`,
    );
  }
  if (model.paths.length) {
    parts.push(
      `## Learning paths\n\n${model.paths
        .map((learningPath) =>
          link(
            learningPath.title,
            urls.learningPathMarkdown(learningPath.id),
            learningPath.description ?? `${learningPath.steps.length} resources in reading order`,
          ),
        )
        .join('\n')}`,
    );
  }
  // Only documents are linked (llms.txt readers fetch each link as a page): the JSON and NDJSON
  // endpoints are named in the notes above, as plain URLs.
  parts.push(
    `## Optional\n\n${[
      link('Home page', urls.home, 'the same directory for people, in HTML'),
      link(
        'Full text of every free resource',
        urls.llmsFullTxt,
        'all free bodies in one file; premium resources as summaries',
      ),
    ].join('\n')}`,
  );
  return `${parts.join('\n\n')}\n`;
}

/**
 * /llms-full.txt: every free body in full, its site links absolute as in the .md variants; premium
 * resources contribute only their summary. Produced in chunks.
 */
export function* llmsFullTxt(context: EmitContext): Generator<string> {
  const { model, urls } = context;
  yield `# ${model.site.name}\n\n---\n\n> ${oneLine(model.site.description)}`;
  for (const resource of model.resources) {
    // A premium body is not here: its source is the public preview, which says how to get it.
    const source = resource.premium ? urls.premiumPreviewMarkdown(resource.slug) : urls.resourceMarkdown(resource.slug);
    const header = `Source: ${source}\nUpdated: ${resource.updated}`;
    const text = resource.premium
      ? `Premium resource: the body needs an access key (${urls.terms}).\n\n${resource.premium_summary ?? ''}`
      : demoteHeadings(agentMarkdownBody(resource, context));
    yield `\n\n---\n\n## ${oneLine(resource.title)}\n\n> ${oneLine(resource.description)}\n\n${header}\n\n${text}`;
  }
  yield '\n';
}

/** Pushes a body's headings one level down so each resource stays one H2 section of the combined file. */
function demoteHeadings(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join('\n');
}

export function emitLlmsTxt(context: EmitContext): OutputFile[] {
  return [
    // Some agents look for both under /.well-known/ too: the same bytes, written once and copied.
    { path: 'public/llms.txt', content: llmsTxt(context), copies: ['public/.well-known/llms.txt'] },
    { path: 'public/llms-full.txt', content: llmsFullTxt(context), copies: ['public/.well-known/llms-full.txt'] },
  ];
}
