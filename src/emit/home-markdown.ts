import type { Resource } from '../content/model.js';
import { publicPaths } from '../shared/public-paths.js';
import { clusterArticles, resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { categoryEntries } from './helpers/listing-items.js';
import { linkText } from './helpers/markdown-text.js';
import { mcpInstall } from './helpers/mcp-install.js';
import { oneLine } from '../util/text.js';
import type { OutputFile } from './output.js';
import { pagePaths, pageUrl } from './helpers/page-paths.js';
import { homeResourcesPerCategory } from './pages.js';
import { agentIndexLine } from './helpers/resource-json.js';

/** A list line: `- [title](url): description`, the description left out when there is none. */
function item(title: string, url: string, description?: string): string {
  return `- [${linkText(title)}](${url})${description ? `: ${oneLine(description)}` : ''}`;
}

/** A resource by its Markdown URL; a premium one by its public preview, which answers 200 and says how to get it. */
function resourceLine(resource: Resource, context: EmitContext): string {
  const { urls } = context;
  return resource.premium
    ? item(
        `${resource.title} (premium: key required)`,
        urls.premiumPreviewMarkdown(resource.slug),
        resource.description,
      )
    : item(resource.title, urls.resourceMarkdown(resource.slug), resource.description);
}

/**
 * /index.md: the home page for agents. What the home page lists (learning paths, guide clusters and
 * their guides, the first resources of each category) by Markdown URL, then the discovery files; no
 * navigation, search or tag cloud. Reads metadata only: titles and descriptions, never a body.
 */
export function homeMarkdown(context: EmitContext): string {
  const { model, urls } = context;
  const { site } = model;
  const { discovery } = site;
  const bySlug = resourcesBySlugOf(model);
  const start = bySlug.get('getting-started');
  // The words of templates/home.liquid where the two say the same thing, so the twins read alike.
  const newHere =
    start && !start.premium ? `New here? Read [Getting started](${urls.resourceMarkdown(start.slug)}). ` : '';
  const sections = [
    `# ${oneLine(site.name)}`,
    `> ${oneLine(site.description)}`,
    agentIndexLine(context),
    `${newHere}Agents: start at [llms.txt](${urls.llmsTxt}) or the [JSON index](${urls.resourceIndex}).`,
  ];
  // The home page's MCP install links, as text: an editor's deeplink means nothing to a reader of Markdown.
  const install = mcpInstall(context);
  if (install)
    sections.push(
      `Use this directory's MCP server: ${install.url} (Streamable HTTP). In Claude Code, run \`${install.claude_command}\`.`,
    );
  if (model.paths.length)
    sections.push(
      `## Learning paths\n\nCurated reading orders through the resources, from first steps to production.\n\n${model.paths
        .map(
          (learningPath) =>
            `${item(learningPath.title, urls.learningPathMarkdown(learningPath.id), learningPath.description)}\n  ${learningPath.level ? `${learningPath.level[0]!.toUpperCase()}${learningPath.level.slice(1)} · ` : ''}${learningPath.steps.length} steps`,
        )
        .join('\n')}`,
    );
  if (model.clusters.length)
    sections.push(
      `## Guides\n\nEditorial guides in topic clusters: an overview first, then its parts in reading order. Always free.\n\n${model.clusters
        .map((cluster) => {
          const articles = clusterArticles(cluster);
          const guides = articles.map(
            (article, index) => `  ${index + 1}. [${linkText(article.title)}](${urls.articleMarkdown(article.slug)})`,
          );
          return [
            `${item(cluster.title, urls.guideMarkdown(cluster.id), cluster.description)}\n  ${articles.length} guides · ${cluster.status}`,
            '',
            ...guides,
          ].join('\n');
        })
        .join('\n')}`,
    );
  const categories = categoryEntries(context).filter((category) => category.count > 0);
  sections.push(
    `## Resources by category\n\n${model.resources.length} reference resources. Most are free; premium ones need an access key (terms: ${urls.terms}).`,
    ...categories.map((category) => {
      const listed = category.resources.slice(0, homeResourcesPerCategory).map((slug) => bySlug.get(slug)!);
      const more =
        category.count > listed.length
          ? `\n\nAll ${category.count} resources in ${oneLine(category.title)}: ${pageUrl(context, pagePaths.category(category.id))}`
          : '';
      const description = category.description ? `${oneLine(category.description)}\n\n` : '';
      return `### ${oneLine(category.title)}\n\n${description}${listed.map((resource) => resourceLine(resource, context)).join('\n')}${more}`;
    }),
  );
  sections.push(
    `## For agents\n\n${[
      item('llms.txt', urls.llmsTxt, 'every page of the site, listed for agents'),
      item('llms-full.txt', urls.llmsFullTxt, 'the full text of every free document in one file'),
      `- Resource index (JSON): ${urls.resourceIndex}`,
      `- Guide index (JSON): ${urls.articleIndex}`,
      `- Search resources and guides: ${urls.searchIndex} (JSON)`,
      `- Learning paths (JSON): ${urls.paths}`,
      `- Free corpus (NDJSON, one record per resource): ${urls.corpusJsonl}`,
      `- Pricing catalog (JSON): ${urls.pricing}`,
      `- OpenAPI description of every URL: ${urls.openApi}`,
      `- API catalog: ${urls.apiCatalog}`,
      ...(context.model.site.discovery.skills ? [`- Agent skills index: ${urls.agentSkillsIndex}`] : []),
      `- MCP server (Streamable HTTP): ${urls.mcp}; server card: ${urls.serverCard}`,
      ...(discovery.mcp_install ? [`- MCP registry server.json: ${urls.mcpRegistryServer}`] : []),
      ...(discovery.ard ? [`- ARD manifest (every catalog entry): ${urls.ard}`] : []),
      ...(discovery.agent_card ? [`- A2A agent card: ${urls.agentCard}`] : []),
      `- License: ${urls.license}`,
    ].join('\n')}`,
  );
  return `${sections.join('\n\n')}\n`;
}

export function emitHomeMarkdown(context: EmitContext): OutputFile[] {
  return [{ path: `public${publicPaths.homeMarkdown}`, content: homeMarkdown(context) }];
}
