import type { Problem, ProblemArgs } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';
import { decodeOrKeep } from '../util/decode.js';
import type { Article, LearningPath, Located, Resource, Site } from './model.js';
import { parseInternalLink } from './internal-links.js';
import { contentFolderShown } from './file-problem.js';
import { fileProblem } from './read-source.js';
import { positionOf, type YamlSource } from './source-file.js';
import type { LinkAt } from '../markdown/render.js';
import type { StoredMarkdown } from '../markdown/stored-markdown.js';
import { isBlankBody } from './lazy-body.js';
import type { CrossCheckMemo, DocumentFindings } from './cross-check-memo.js';
import { sha256 } from '../util/sha256.js';

/** Slugs that are free by definition (README: Content): the way in must never be paywalled. */
export const alwaysFreeSlugs = ['getting-started', 'access-and-pricing'] as const;

/**
 * A document as the checks see it: every file whose body rendered, loaded or not. When its front
 * matter failed the schema it carries only the fields that passed, and `invalid` names the others,
 * so a check never trusts a wrong value nor reads a field's absence as meaningful.
 */
export interface CheckedDocument extends Located {
  /** null when the file name is no slug: its own links are checked, but nothing can link to it. */
  slug: string | null;
  body: string;
  rendered: StoredMarkdown;
  /** Front-matter fields that failed their schema check; '' is the front matter as a whole. */
  invalid?: readonly string[];
}
export type CheckedResource = CheckedDocument & Partial<Omit<Resource, keyof CheckedDocument>>;
export type CheckedArticle = CheckedDocument & Partial<Omit<Article, keyof CheckedDocument>>;

export interface CrossCheckInput {
  /** The content folder: hints name the places in it where a fix goes. */
  contentDir: string;
  site: Site;
  resources: CheckedResource[];
  /** Every resource file's slug, including files that failed to load, so one error does not cascade. */
  resourceSlugs: string[];
  articleSlugs: string[];
  /** Every article of every cluster folder, in folder order. */
  articles: CheckedArticle[];
  paths: LearningPath[];
  pathsSource?: YamlSource;
}

/** Whether a field's value, or its absence, can be trusted: it passed its schema check. */
export function isKnown(document: { invalid?: readonly string[] }, field: string): boolean {
  return !document.invalid?.some((name) => name === field || name === '');
}

/**
 * Checks that need more than one file: premium rules, taxonomy, slugs, learning paths, links. With
 * `memo`, a document checked against the same site and link targets by the last build is not
 * checked again (see cross-check-memo.ts).
 */
export function crossCheck(input: CrossCheckInput, memo?: CrossCheckMemo): Problem[] {
  const folder = contentFolderShown(input.contentDir);
  const targets = linkTargets(input);
  memo?.checkAgainst(checkContext(input, folder, targets, memo));
  const categories = input.site.categories ? new Set(input.site.categories.map((category) => category.id)) : undefined;
  const vocabulary = input.site.tags ? new Set(input.site.tags) : undefined;
  const findingsOf = (document: CheckedDocument, resource: boolean): DocumentFindings => {
    const recalled = memo?.recall(document);
    if (recalled) return recalled;
    const findings: DocumentFindings = {
      fields: resource ? resourceProblems(document as CheckedResource, categories, vocabulary) : [],
      links: linkProblems(document, input.site, folder, targets),
      urlSchemes: urlSchemeProblems(document),
      audienceMarkers: audienceMarkerProblems(document),
    };
    memo?.remember(document, findings);
    return findings;
  };
  const resources = input.resources.map((document) => findingsOf(document, true));
  const documents = [...resources, ...input.articles.map((document) => findingsOf(document, false))];
  return [
    ...resources.flatMap((findings) => findings.fields),
    ...checkTermsAnnouncePremium(input.resources, input.resourceSlugs, folder),
    ...checkArticleSlugs(input.articles),
    ...checkArticles(input.articles, input.resourceSlugs, folder),
    ...checkPaths(input.paths, input.resourceSlugs, folder, input.pathsSource),
    ...documents.flatMap((findings) => findings.links),
    ...documents.flatMap((findings) => findings.urlSchemes),
    ...documents.flatMap((findings) => findings.audienceMarkers),
    ...peopleOnlyPremium(input.resources),
  ];
}

/**
 * What a document's findings depend on besides the document itself: where the build runs from (a
 * problem names its file as the working folder sees it), the site's settings, and every document
 * a link may point at, with its anchors.
 */
function checkContext(input: CrossCheckInput, folder: string, targets: LinkTargets, memo: CrossCheckMemo): string {
  const anchorsOf = (known: Map<string, CheckedDocument | null>) =>
    [...known].map(([slug, document]) => [slug, document && memo.anchorsDigest(document)]);
  return sha256(
    JSON.stringify([process.cwd(), folder, input.site, anchorsOf(targets.resources), anchorsOf(targets.articles)]),
    'base64',
  );
}

function at(entry: { source: YamlSource }, field: string) {
  return { ...positionOf(entry.source, [field]), field };
}

/** `premium` as the checks may rely on it: absent means free, unless the value given was invalid. */
function premiumOf(resource: CheckedResource): boolean | undefined {
  if (typeof resource.premium === 'boolean') return resource.premium;
  return isKnown(resource, 'premium') ? false : undefined;
}

/** What is wrong with a resource's own fields and sources. */
function resourceProblems(
  resource: CheckedResource,
  categories: Set<string> | undefined,
  vocabulary: Set<string> | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const { file, slug } = resource;
  const premium = premiumOf(resource);
  if (premium && slug && (alwaysFreeSlugs as readonly string[]).includes(slug)) {
    problems.push(
      fileProblem(file, 'ForbiddenPremium', { slug, alwaysFree: alwaysFreeSlugs }, at(resource, 'premium')),
    );
  }
  if (premium && !resource.premium_summary && isKnown(resource, 'premium_summary')) {
    problems.push(fileProblem(file, 'PremiumWithoutSummary', {}, at(resource, 'premium')));
  }
  if (premium && resource.rendered.sections.length === 0) {
    problems.push(
      fileProblem(file, 'PremiumWithoutSections', {}, { line: resource.bodyLineOffset + 1, column: 1, field: 'body' }),
    );
  }
  if (premium === false) {
    for (const field of ['premium_summary', 'price', 'currency', 'checkout_url'] as const) {
      if (resource[field] !== undefined) {
        problems.push(
          fileProblem(file, 'PremiumFieldsOnFree', { field }, { ...at(resource, field), severity: 'warning' }),
        );
      }
    }
  }
  if (categories && typeof resource.category === 'string' && !categories.has(resource.category)) {
    problems.push(
      fileProblem(
        file,
        'UnknownCategory',
        { category: resource.category, categories: [...categories] },
        at(resource, 'category'),
      ),
    );
  }
  if (vocabulary && Array.isArray(resource.tags)) {
    resource.tags.forEach((tag, index) => {
      if (!vocabulary.has(tag)) {
        problems.push(
          fileProblem(
            file,
            'UnknownTag',
            { tag },
            { ...positionOf(resource.source, ['tags', index]), field: `tags.${index}`, severity: 'warning' },
          ),
        );
      }
    });
  }
  if (isBlankBody(resource)) {
    problems.push(
      fileProblem(
        file,
        'EmptyBody',
        {},
        { line: resource.bodyLineOffset, column: 1, field: 'body', severity: 'warning' },
      ),
    );
  }
  problems.push(...checkSources(resource));
  return problems;
}

/** access-and-pricing is where the premium list is announced, and every 402 links to it. */
function checkTermsAnnouncePremium(resources: CheckedResource[], resourceSlugs: string[], folder: string): Problem[] {
  const premium = resources.filter(
    (resource): resource is CheckedResource & { slug: string } =>
      premiumOf(resource) === true && resource.slug !== null,
  );
  if (!premium.length) return [];
  const terms = resources.find((resource) => resource.slug === 'access-and-pricing');
  // A terms file that exists but could not be read has its own problem: its body is unknown, not missing.
  if (!terms && resourceSlugs.includes('access-and-pricing')) return [];
  if (!terms) {
    return premium
      .slice(0, 1)
      .map((resource) =>
        fileProblem(
          resource.file,
          'MissingTermsResource',
          { folder },
          { ...at(resource, 'premium'), severity: 'warning' },
        ),
      );
  }
  return premium
    .filter((resource) => !terms.body.includes(resource.slug))
    .map((resource) =>
      fileProblem(
        terms.file,
        'PremiumNotAnnounced',
        { slug: resource.slug },
        { line: terms.bodyLineOffset + 1, column: 1, field: 'body', severity: 'warning' },
      ),
    );
}

function checkSources(resource: CheckedResource): Problem[] {
  const sources = resource.rendered.sources;
  if (sources === null) return [];
  if (sources.length === 0) {
    return [
      fileProblem(
        resource.file,
        'EmptyVerifiedSources',
        {},
        { line: resource.bodyLineOffset + 1, column: 1, field: 'sources', severity: 'warning' },
      ),
    ];
  }
  return sources
    .filter((source) => !/^https?:\/\/[^/\s]+/i.test(source.url))
    .map((source) =>
      fileProblem(
        resource.file,
        'RelativeSourceUrl',
        { url: source.url },
        { ...bodyPosition(resource, source), field: 'sources' },
      ),
    );
}

function checkArticleSlugs(articles: CheckedArticle[]): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, CheckedArticle>();
  for (const article of articles) {
    if (article.slug === null) continue;
    const first = seen.get(article.slug);
    if (first) {
      problems.push(
        fileProblem(
          article.file,
          'DuplicateSlug',
          { slug: article.slug, other: displayPath(first.file) },
          { line: 1, column: 1 },
        ),
      );
    } else {
      seen.set(article.slug, article);
    }
  }
  return problems;
}

function checkArticles(articles: CheckedArticle[], resourceSlugs: string[], folder: string): Problem[] {
  const problems: Problem[] = [];
  const slugs = new Set(resourceSlugs);
  for (const article of articles) {
    (Array.isArray(article.resources) ? article.resources : []).forEach((slug, index) => {
      if (!slugs.has(slug)) {
        problems.push(
          fileProblem(
            article.file,
            'UnknownRelatedResource',
            { slug, near: nearSlugs(slug, slugs), folder },
            { ...positionOf(article.source, ['resources', index]), field: `resources.${index}` },
          ),
        );
      }
    });
    if (
      typeof article.updated === 'string' &&
      typeof article.published === 'string' &&
      article.updated < article.published
    ) {
      problems.push(
        fileProblem(
          article.file,
          'DateOrder',
          { updated: article.updated, published: article.published },
          { ...at(article, 'updated'), severity: 'warning' },
        ),
      );
    }
  }
  return problems;
}

function checkPaths(paths: LearningPath[], resourceSlugs: string[], folder: string, source?: YamlSource): Problem[] {
  if (!source) return [];
  const problems: Problem[] = [];
  const slugs = new Set(resourceSlugs);
  const ids = new Set<string>();
  paths.forEach((learningPath, pathIndex) => {
    if (ids.has(learningPath.id)) {
      problems.push(
        fileProblem(
          source.file,
          'DuplicatePathId',
          { id: learningPath.id },
          { ...positionOf(source, ['paths', pathIndex, 'id']), field: `paths.${pathIndex}.id` },
        ),
      );
    }
    ids.add(learningPath.id);
    learningPath.steps.forEach((slug, stepIndex) => {
      if (!slugs.has(slug)) {
        problems.push(
          fileProblem(
            source.file,
            'UnknownPathStep',
            { slug, path: learningPath.id, near: nearSlugs(slug, slugs), folder },
            {
              ...positionOf(source, ['paths', pathIndex, 'steps', stepIndex]),
              field: `paths.${pathIndex}.steps.${stepIndex}`,
            },
          ),
        );
      }
    });
  });
  return problems;
}

/**
 * The documents a link may point at, by family and slug: each document with a slug, and null for a
 * slug whose file could not be rendered (it exists, but its anchors are unknown). A document's
 * anchors are read only when a link points into it.
 */
interface LinkTargets {
  resources: Map<string, CheckedDocument | null>;
  articles: Map<string, CheckedDocument | null>;
}

function linkTargets({ resources, articles, resourceSlugs, articleSlugs }: CrossCheckInput): LinkTargets {
  const family = (slugs: string[], documents: CheckedDocument[]) => {
    const known = new Map<string, CheckedDocument | null>(slugs.map((slug) => [slug, null]));
    for (const document of documents) if (document.slug !== null) known.set(document.slug, document);
    return known;
  };
  return { resources: family(resourceSlugs, resources), articles: family(articleSlugs, articles) };
}

function linkProblems(document: CheckedDocument, site: Site, folder: string, targets: LinkTargets): Problem[] {
  const problems: Problem[] = [];
  for (const link of document.rendered.links) {
    const report = (args: ProblemArgs<'BrokenInternalLink'>) =>
      problems.push(
        fileProblem(document.file, 'BrokenInternalLink', args, { ...bodyPosition(document, link), field: 'body' }),
      );
    const url = link.url;
    if (url.startsWith('#')) {
      const anchor = url.slice(1);
      if (anchor && !document.rendered.anchors.includes(decodeOrKeep(anchor)))
        report({ reason: 'no-heading-here', url, anchors: document.rendered.anchors });
      continue;
    }
    const target = parseInternalLink(url, site.url);
    if (target === null) continue;
    if (target.broken) {
      report({ reason: 'no-page', url });
      continue;
    }
    const known = targets[target.family];
    if (!known.has(target.slug)) {
      const family = target.family === 'resources' ? 'resource' : 'article';
      const near = nearSlugs(target.slug, new Set(known.keys()));
      report({ reason: 'no-target', url, family, slug: target.slug, near, folder });
      continue;
    }
    if (!target.anchor || !target.html) continue;
    // Read only now: a document's anchors stay packed in the cache unless a link points into it.
    const anchors = known.get(target.slug)?.rendered.anchors;
    if (anchors && !anchors.includes(target.anchor))
      report({ reason: 'no-anchor-there', url, slug: target.slug, anchors });
  }
  return problems;
}

/** The renderer drops URLs of other schemes (src/markdown/url-scheme.ts): say where they are written. */
function urlSchemeProblems(document: CheckedDocument): Problem[] {
  return document.rendered.disallowedUrls.map((url) =>
    fileProblem(
      document.file,
      'DisallowedUrlScheme',
      { kind: url.kind, scheme: url.scheme },
      { ...bodyPosition(document, url), field: 'body' },
    ),
  );
}

/** Audience markers that cannot be honoured. */
function audienceMarkerProblems(document: CheckedDocument): Problem[] {
  return document.rendered.audienceProblems.map(({ code, args, ...position }) =>
    fileProblem(document.file, code, args, { ...bodyPosition(document, position), field: 'body' }),
  );
}

/** Premium resources no agent could buy. */
function peopleOnlyPremium(resources: CheckedResource[]): Problem[] {
  return resources
    .filter((resource) => premiumOf(resource) && resource.audience === 'people')
    .map((resource) => fileProblem(resource.file, 'PeopleOnlyPremium', {}, at(resource, 'audience')));
}

function bodyPosition(document: { bodyLineOffset: number }, link: Pick<LinkAt, 'line' | 'column'>) {
  return { line: link.line + document.bodyLineOffset, column: link.column };
}

/** Up to three known slugs that contain `slug` or are contained in it: the likely meant ones. */
function nearSlugs(slug: string, known: Set<string>): string[] {
  return [...known].filter((candidate) => candidate.includes(slug) || slug.includes(candidate)).slice(0, 3);
}
