import type { LearningPath, Resource } from '../content/model.js';
import { resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { resourceItem } from './helpers/listing-items.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './helpers/page-data.js';
import { pageFile, pagePaths } from './helpers/page-paths.js';
import { listingMarkdown } from './helpers/listing-markdown.js';
import { publicPaths } from '../shared/public-paths.js';
import { readingMinutes } from './helpers/readable-html.js';
import { joinedFields } from '../util/joined-fields.js';

/** What a learning path's page and its Markdown twin share: its steps as listed, reading time and description. */
function pathListing(learningPath: LearningPath, context: EmitContext, bySlug: Map<string, Resource>) {
  const resources = learningPath.steps.map((slug) => bySlug.get(slug)!);
  const steps = resources.map((resource, index) =>
    joinedFields(resourceItem(resource, context), { position: index + 1 }),
  );
  const freeWords = resources
    .filter((resource) => !resource.premium)
    .reduce((sum, resource) => sum + resource.rendered.words, 0);
  const description =
    learningPath.description ?? `A reading order of ${steps.length} resources: ${learningPath.title}.`;
  return { path: pagePaths.learningPath(learningPath.id), steps, minutes: readingMinutes(freeWords), description };
}

/** /paths/<path-id>: a curated reading order of resources, premium steps shown with their price. */
export function emitLearningPathPages(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  return model.paths.map((learningPath) => {
    const { path, steps, minutes, description } = pathListing(learningPath, context, bySlug);
    const trail = breadcrumbTrail(context, { name: learningPath.title, href: path });
    const head = listingHead(context, {
      title: `${learningPath.title} · Learning path · ${model.site.name}`,
      name: learningPath.title,
      description,
      path,
      json: urls.paths,
      items: steps,
      trail,
      markdown: urls.learningPathMarkdown(learningPath.id),
    });
    const content = context.pages.render(
      'path',
      pageData(context, head, {
        learning_path: {
          id: learningPath.id,
          title: learningPath.title,
          description,
          level: learningPath.level,
          href: path,
          minutes,
        },
        steps,
        breadcrumbs: trail,
      }),
    );
    return { path: pageFile(path), content };
  });
}

/** /paths/<path-id>.md: the path's steps for agents, each by its Markdown URL. */
export function emitLearningPathMarkdown(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  return model.paths.map((learningPath) => {
    const { steps, minutes, description } = pathListing(learningPath, context, bySlug);
    const markdown = listingMarkdown(
      context,
      { title: learningPath.title, description, lead: `${steps.length} steps · about ${minutes} min of free reading` },
      steps.map((item) => ({
        title: item.title,
        markdown: urls.resourceMarkdown(item.slug),
        description: item.description,
        premium: item.premium,
        meta: `${item.category_title} · Updated ${item.updated}`,
      })),
    );
    return { path: `public${publicPaths.learningPathMarkdown(learningPath.id)}`, content: markdown };
  });
}
