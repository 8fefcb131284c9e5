import { resourcesBySlugOf } from './article-json.js';
import type { EmitContext } from './context.js';
import { resourceItem } from './listing-items.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './page-data.js';
import { pageFile, pagePaths } from './page-paths.js';
import { listingMarkdown } from './listing-markdown.js';
import { publicPaths } from '../shared/public-paths.js';
import { readingMinutes } from './readable-html.js';

/** /paths/<path-id> and its Markdown twin: a curated reading order of resources, premium steps shown with their price. */
export function emitLearningPathPages(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  return model.paths.flatMap((learningPath) => {
    const path = pagePaths.learningPath(learningPath.id);
    const resources = learningPath.steps.map((slug) => bySlug.get(slug)!);
    const steps = resources.map((resource, index) => ({ ...resourceItem(resource, context), position: index + 1 }));
    const freeWords = resources
      .filter((resource) => !resource.premium)
      .reduce((sum, resource) => sum + resource.rendered.words, 0);
    const trail = breadcrumbTrail(context, { name: learningPath.title, href: path });
    const description =
      learningPath.description ?? `A reading order of ${steps.length} resources: ${learningPath.title}.`;
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
          minutes: readingMinutes(freeWords),
        },
        steps,
        breadcrumbs: trail,
      }),
    );
    const markdown = listingMarkdown(
      context,
      {
        title: learningPath.title,
        description,
        lead: `${steps.length} steps · about ${readingMinutes(freeWords)} min of free reading`,
      },
      steps.map((item) => ({
        title: item.title,
        markdown: urls.resourceMarkdown(item.slug),
        description: item.description,
        premium: item.premium,
        meta: `${item.category_title} · Updated ${item.updated}`,
      })),
    );
    return [
      { path: pageFile(path), content },
      { path: `public${publicPaths.learningPathMarkdown(learningPath.id)}`, content: markdown },
    ];
  });
}
