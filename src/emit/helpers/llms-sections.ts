import type { Article, Resource } from '../../content/model.js';
import { byString } from '../../util/compare.js';
import type { EmitContext } from '../context.js';
import { linkText } from './markdown-text.js';
import { oneLine } from '../../util/text.js';

/**
 * One H2 section of llms.txt: its link lines, and the documents whose text those lines lead to
 * (what the section's llms-full file carries). Learning paths list documents other sections own.
 */
export interface LlmsSection {
  /** File name stem when llms.txt is split: `/llms/<id>.txt`. */
  id: string;
  /** One line (oneLine), as every line of the file that shows it. */
  title: string;
  /** One line (oneLine). */
  description: string;
  /** What one line of the section stands for, as a count: "12 resources". */
  noun: [one: string, many: string];
  lines: string[];
  documents: (Resource | Article)[];
}

/**
 * A line of an llms.txt file list: `- [title](url): notes`. A document's line ends with the date it
 * was last updated, so an agent can prefer fresh material before it fetches anything.
 */
export function llmsLink(title: string, url: string, description: string, updated?: string): string {
  return `- [${linkText(title)}](${url}): ${oneLine(description)}${updated ? ` (updated ${updated})` : ''}`;
}

/**
 * The sections of llms.txt in reading order: free resources by category, premium resources (each
 * linking its public preview), each guide cluster, then learning paths. Every free resource and
 * guide is in exactly one of them. Reads metadata only.
 */
export function llmsSections(context: EmitContext): LlmsSection[] {
  const { model, urls } = context;
  const { site } = model;
  const categoryOf = new Map((site.categories ?? []).map((category) => [category.id, category]));
  const premium: Resource[] = [];
  // Each free resource under its category, in model order: one pass, not one per category.
  const byCategory = new Map<string, Resource[]>();
  for (const resource of model.resources) {
    if (resource.premium) {
      premium.push(resource);
      continue;
    }
    const listed = byCategory.get(resource.category);
    if (listed) listed.push(resource);
    else byCategory.set(resource.category, [resource]);
  }
  const sections: LlmsSection[] = [];
  for (const [category, resources] of [...byCategory].sort(([a], [b]) => byString(a, b))) {
    const known = categoryOf.get(category);
    sections.push({
      id: `resources-${category}`,
      title: oneLine(known?.title ?? category.replace(/-/g, ' ').replace(/^./, (char) => char.toUpperCase())),
      description: oneLine(known?.description ?? `Resources in the category ${category}.`),
      noun: ['resource', 'resources'],
      lines: resources.map((resource) =>
        llmsLink(resource.title, urls.resourceMarkdown(resource.slug), resource.description, resource.updated),
      ),
      documents: resources,
    });
  }
  if (premium.length) {
    sections.push({
      id: 'premium-resources',
      title: 'Premium resources',
      description: `Resources whose body needs an access key; each link is the public preview, which says what the resource covers and how to get it (${urls.terms}).`,
      noun: ['premium resource', 'premium resources'],
      // Each links its public preview (200: what it covers and how to get it); the body answers 402 without a key.
      lines: premium.map((resource) =>
        llmsLink(
          `${resource.title} (premium: key required)`,
          urls.premiumPreviewMarkdown(resource.slug),
          resource.description,
          resource.updated,
        ),
      ),
      documents: premium,
    });
  }
  for (const cluster of model.clusters) {
    const articles = [cluster.pillar, ...cluster.subs];
    const overview = llmsLink(
      `${cluster.title}: the guides in reading order`,
      urls.guideMarkdown(cluster.id),
      cluster.description ?? `${articles.length} guides`,
    );
    sections.push({
      id: `guides-${cluster.id}`,
      title: `Guides: ${oneLine(cluster.title)}`,
      description: oneLine(cluster.description ?? `${articles.length} guides in reading order.`),
      noun: ['guide', 'guides'],
      lines: [
        overview,
        ...articles.map((article) =>
          llmsLink(article.title, urls.articleMarkdown(article.slug), article.description, article.updated),
        ),
      ],
      documents: articles,
    });
  }
  if (model.paths.length) {
    sections.push({
      id: 'learning-paths',
      title: 'Learning paths',
      description: 'Resources in reading order, from first steps to depth.',
      noun: ['learning path', 'learning paths'],
      lines: model.paths.map((learningPath) =>
        llmsLink(
          learningPath.title,
          urls.learningPathMarkdown(learningPath.id),
          learningPath.description ?? `${learningPath.steps.length} resources in reading order`,
        ),
      ),
      documents: [],
    });
  }
  return sections;
}

/**
 * Cuts a section into parts whose files each stay within `budget` characters, given the size of a
 * file's fixed text around its lines. A part is at least one line, whatever its length.
 */
export function splitSection(section: LlmsSection, room: number): LlmsSection[] {
  const parts: { lines: string[]; documents: (Resource | Article)[] }[] = [];
  let current: (typeof parts)[number] | undefined;
  let size = 0;
  section.lines.forEach((line, index) => {
    if (!current || (current.lines.length && size + line.length + 1 > room)) {
      current = { lines: [], documents: [] };
      parts.push(current);
      size = 0;
    }
    current.lines.push(line);
    size += line.length + 1;
    // A guide section's first line is the cluster overview, which has no document of its own.
    const document = documentOfLine(section, index);
    if (document) current.documents.push(document);
  });
  if (parts.length <= 1) return [section];
  return parts.map((part, index) => ({
    ...section,
    // Ids are slugs, which never hold `--`: a part's id cannot be another section's.
    id: index === 0 ? section.id : `${section.id}--${index + 1}`,
    title: `${section.title} (part ${index + 1} of ${parts.length})`,
    lines: part.lines,
    documents: part.documents,
  }));
}

/** The document line `index` of a section links, when lines and documents pair up (all but a guide overview). */
function documentOfLine(section: LlmsSection, index: number): Resource | Article | undefined {
  const offset = section.lines.length - section.documents.length;
  return index >= offset ? section.documents[index - offset] : undefined;
}
