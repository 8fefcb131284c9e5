import { byString } from '../util/compare.js';

/** One thing wrong with the content, located precisely enough for an editor to jump to it. */
export interface Problem {
  /** Stable name from the catalog, e.g. `BrokenInternalLink`. */
  code: ProblemCode;
  severity: 'error' | 'warning';
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
  /** Dotted path of the offending field (`tags.0`), or '' for the file itself. */
  field: string;
  /** What is wrong, field first. */
  message: string;
  /** What to do about it. */
  hint: string;
}

export type ProblemCode = keyof typeof problemTitles;

/** The catalog: every problem the content checks can report, with a short title. */
export const problemTitles = {
  MissingFile: 'Required file is missing',
  YamlSyntax: 'YAML does not parse',
  FrontMatterMissing: 'Front matter is missing',
  FrontMatterUnclosed: 'Front matter is not closed',
  SchemaViolation: 'Field does not match the schema',
  UnknownField: 'Unknown field',
  MissingField: 'Required field is missing',
  InvalidFileName: 'File name is not a valid slug',
  DuplicateSlug: 'Slug is used twice',
  ForbiddenPremium: 'Resource can never be premium',
  PremiumWithoutSummary: 'Premium resource has no premium_summary',
  PremiumWithoutSections: 'Premium resource has no H2 section',
  PremiumFieldsOnFree: 'Premium-only field on a free resource',
  ClusterWithoutPillar: 'Cluster has no pillar',
  ClusterWithManyPillars: 'Cluster has more than one pillar',
  ClusterIdMismatch: 'Cluster id differs from its folder',
  SubWithoutOrder: 'Sub-article has no order',
  DuplicateSubOrder: 'Two sub-articles share an order',
  UnknownPathStep: 'Learning-path step names no resource',
  DuplicatePathId: 'Learning-path id is used twice',
  UnknownRelatedResource: 'Related resource does not exist',
  BrokenInternalLink: 'Internal link does not resolve',
  RelativeSourceUrl: 'Verified source is not an absolute URL',
  EmptyVerifiedSources: 'Verified sources section lists no links',
  UnknownCategory: 'Category is not in site.yaml',
  UnknownTag: 'Tag is not in the site vocabulary',
  DateOrder: 'Dates are out of order',
  EmptyBody: 'Body is empty',
  MissingTermsResource: 'Premium resources without an access-and-pricing resource',
  PremiumNotAnnounced: 'Premium resource not named on access-and-pricing',
  DisallowedUrlScheme: 'Link uses a URL scheme pages may not carry',
  ContentOutsideFolder: 'Content path is not a file inside the content folder',
  FileTooLarge: 'File is too large',
  InvalidText: 'File is not UTF-8 text',
  NestingTooDeep: 'Content nests too deep',
  InvalidOption: 'Command-line option is not valid',
  UnsafeOutputFolder: 'Output folder is not one a build may replace',
} as const;

export function isError(problem: Problem): boolean {
  return problem.severity === 'error';
}

/** Sorts problems by file, then position, so every output format lists them in reading order. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => byString(a.file, b.file) || a.line - b.line || a.column - b.column || byString(a.code, b.code),
  );
}
