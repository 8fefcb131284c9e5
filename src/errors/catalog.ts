import type { UrlFault } from '../util/url-fault.js';
import type { FileRefusal } from '../util/regular-file.js';

/**
 * The problem catalog: every problem agentdir reports, with its title and its words. Call sites pass
 * a code and the facts that vary; the texts live here, so each one is written once and can be reviewed
 * side by side with the others.
 */

/**
 * The suggestions for a slug that names nothing: close slugs when there are some, else where the
 * slugs come from, in the content folder as shown (`folder`).
 */
function slugHint({ near, folder }: { near: readonly string[]; folder: string }): string {
  return near.length
    ? `Did you mean ${near.map((candidate) => `\`${candidate}\``).join(' or ')}?`
    : `Check the spelling against the file names in ${folder}/resources/ and ${folder}/articles/.`;
}

/** A page's anchors as a hint lists them. */
function anchorList(anchors: readonly string[]): string {
  return anchors.map((id) => `#${id}`).join(', ') || '(none)';
}

type MissingFileArgs =
  | { missing: 'site.yaml'; path: string }
  | { missing: 'cluster.yaml'; cluster: string }
  | { missing: 'cluster folder'; folder: string }
  | { missing: 'vanished' }
  | { missing: 'SKILL.md'; skill: string };

type InvalidFileNameArgs = { kind: 'resource' | 'article' | 'cluster'; name: string };

type BrokenLinkArgs = { url: string } & (
  | { reason: 'no-heading-here'; anchors: readonly string[] }
  | { reason: 'no-page' }
  | { reason: 'no-target'; family: 'resource' | 'article'; slug: string; near: readonly string[]; folder: string }
  | { reason: 'no-anchor-there'; slug: string; anchors: readonly string[] }
);

/** A URL of site.yaml the site cannot publish: its dotted `field`, its `value` and what is wrong (src/util/url-fault.ts). */
type InvalidUrlArgs = { field: string; value: string; fault: UrlFault };

/**
 * A text field (schemas/common.schema.json `line` or `paragraph`, the `rule`) holding a character it
 * may not: `character` as U+XXXX, its `name` when it is a line break (none for other control
 * characters), at 1-based `position` in the value.
 */
type LineBreakArgs = {
  subject: string;
  character: string;
  name?: string;
  position: number;
  rule: 'line' | 'paragraph';
};

/** Why an entry of the content folder could not be read: what the file system holds there instead of a file. */
type UnreadableArgs = Exclude<FileRefusal, { reason: 'missing' | 'too-large' | 'changed' }>;

/** An unreadable entry in words: "is a named pipe (FIFO)", "is a symlink to a character device". */
function unreadableWhat(args: UnreadableArgs): string {
  switch (args.reason) {
    case 'not-regular':
      return args.throughLink ? `this symlink leads to a ${args.kind}` : `this is a ${args.kind}`;
    case 'link':
      return 'this is a symlink where a file is expected';
    case 'broken-link':
      return 'this symlink points at nothing';
    case 'link-loop':
      return 'this symlink loops back on itself';
    case 'unreadable':
      return `this file cannot be opened (${args.code})`;
  }
}

/**
 * A content folder that is not there: `folder` as shown (for a setting, its value as written), how
 * it was `named`, and `nearby` folders that hold a site.yaml (as shown), the ones likely meant.
 */
type MissingContentFolderArgs = {
  folder: string;
  named: 'argument' | '--content' | 'setting' | 'default';
  reason: 'missing' | 'file';
  nearby: readonly string[];
};

/** `construct`: for Markdown, what nests (block containers by default, or open emphasis or brackets in a paragraph). */
type NestingArgs = { language: 'Markdown' | 'YAML'; limit: number; construct?: 'blocks' | 'emphasis' | 'brackets' };

/**
 * Why a body was not parsed: the lines above its list items, blockquotes and underlined headings
 * past their `limit`, a render past `seconds`, or a stack overflow.
 */
type ParseBudgetArgs =
  | { reason: 'rewrites'; limit: number }
  | { reason: 'time'; seconds: number }
  | { reason: 'stack' };

/** What is wrong with the `agentdir` settings of package.json; `key` is the setting's dotted name. */
type InvalidSettingsArgs =
  | { reason: 'json'; detail: string }
  | { reason: 'not-object'; got: string }
  | { reason: 'not-path'; key: string; got: string }
  | { reason: 'unknown'; key: string; near?: string; allowed: readonly string[] };

/** Why a SKILL.md `name` is refused: absent, not kebab-case, too long, or not its folder's name. */
type InvalidSkillNameArgs =
  | { reason: 'missing' }
  | { reason: 'format'; name: string }
  | { reason: 'length'; length: number; limit: number }
  | { reason: 'folder'; name: string; folder: string };

type InvalidSkillDescriptionArgs = { reason: 'missing' } | { reason: 'length'; length: number; limit: number };

/** Where an output folder may not be, in the words of the message. */
const folderPlaces = { cwd: 'the current folder', home: 'your home folder', content: 'the content folder' } as const;

/** Why an output folder is refused; `placePath` shows where the folder it contains is. */
export type UnsafeFolderReason =
  | { reason: 'root' | 'inside-content' | 'file' | 'not-a-build' }
  | { reason: 'is-place'; place: keyof typeof folderPlaces }
  | { reason: 'contains-place'; place: keyof typeof folderPlaces; placePath: string };

type UnsafeFolderArgs = { option: string; folder: string } & UnsafeFolderReason;

const urlKinds = { link: 'link', image: 'image', definition: 'link definition' } as const;

const pickNewFolder =
  'Pass a folder of its own, such as `--out dist`: a build owns its output folder and replaces what it wrote there.';
const clearFolderFirst =
  'Pass a new or empty folder, such as `--out dist`; or, if this folder is yours to clear, empty it first.';

const mebibytes = (bytes: number) => bytes / 1024 / 1024;

export const problemCatalog = {
  MissingFile: {
    title: 'Required file is missing',
    message: (args: MissingFileArgs) => {
      switch (args.missing) {
        case 'site.yaml':
          return 'site.yaml is missing';
        case 'cluster.yaml':
          return `cluster \`${args.cluster}\` has no cluster.yaml`;
        case 'cluster folder':
          return 'an article must live in a cluster folder';
        case 'vanished':
          return 'the file disappeared while it was being read';
        case 'SKILL.md':
          return `skill folder \`${args.skill}\` has no SKILL.md`;
      }
    },
    hint: (args: MissingFileArgs) => {
      switch (args.missing) {
        case 'site.yaml':
          return (
            `Create ${args.path} with at least name, url, description, publisher and pricing, ` +
            'or pass the content folder as the first argument.'
          );
        case 'cluster.yaml':
          return 'Add cluster.yaml with at least `title` and `status` (active or complete).';
        case 'cluster folder':
          return `Move it to \`${args.folder}/articles/<cluster>/\` next to that cluster's cluster.yaml.`;
        case 'vanished':
          return 'Run the command again once the editor has finished saving.';
        case 'SKILL.md':
          return `Add \`skills/${args.skill}/SKILL.md\`, starting with front matter that sets \`name: ${args.skill}\` and a \`description\`, or remove the folder.`;
      }
    },
  },
  YamlSyntax: {
    title: 'YAML does not parse',
    /** The YAML parser's own words: they name the construct it stopped at. */
    message: ({ parserMessage }: { parserMessage: string }) => parserMessage,
    hint: 'Fix the YAML syntax: check indentation, quotes around values containing `: ` or `#`, and list dashes.',
  },
  FrontMatterMissing: {
    title: 'Front matter is missing',
    message: 'the file does not start with YAML front matter',
    hint: 'Start the file with a line `---`, the fields, and another `---` line before the Markdown body.',
  },
  FrontMatterUnclosed: {
    title: 'Front matter is not closed',
    message: 'the front matter opened on line 1 is never closed',
    hint: 'Add a line `---` after the last front-matter field.',
  },
  SchemaViolation: {
    title: 'Field does not match the schema',
    /** `rule` says what the schema wants; `got` previews the value found, when there is one. */
    message: ({ subject, rule, got }: { subject: string; rule: string; got?: string }) =>
      `\`${subject}\` ${rule}${got === undefined ? '' : `  (got ${got})`}`,
    /** The field's description from the schema says best what belongs there; else the schema file (`schemaFile`, as shown) does. */
    hint: ({ description, schemaFile }: { description: string; schemaFile: string }) =>
      description || `Check the value against \`${schemaFile}\`, which describes every field.`,
  },
  LineBreakInField: {
    title: 'Field holds a line break or control character',
    message: ({ subject, character, name, position, rule }: LineBreakArgs) =>
      name
        ? `\`${subject}\` holds a line break (${character}, ${name}) at character ${position}${rule === 'line' ? ', but it must fit on one line' : ', but a plain new line (U+000A) is the only line break it may hold'}`
        : `\`${subject}\` holds the control character ${character} at character ${position}, which a text field may not hold`,
    hint: ({ name, rule }: LineBreakArgs) =>
      !name
        ? 'Remove it: it is invisible in most editors (in a quoted value, look for an escape such as `\\x1b` or `\\u001b`).'
        : rule === 'line'
          ? 'Write the value on one line: drop `\\n` and `\\r` from a quoted value, or fold a block with `>-`. Here a line break would start a new line of llms.txt, robots.txt, `_headers` or a Markdown twin.'
          : 'Break its lines with plain new lines, as a `|` or `>` block writes them, and remove this one (in a quoted value, an escape such as `\\r`, `\\N`, `\\L` or `\\P`).',
  },
  UnknownField: {
    title: 'Unknown field',
    message: ({ field, of }: { field: string; of: string }) => `\`${field}\` is not a field of ${of}`,
    hint: ({ near, allowed }: { near?: string; allowed: readonly string[] }) =>
      near
        ? `Did you mean \`${near}\`? Allowed fields: ${allowed.join(', ')}.`
        : `Remove it, or use one of: ${allowed.join(', ')}.`,
  },
  MissingField: {
    title: 'Required field is missing',
    message: ({ field, of }: { field: string; of: string }) => `\`${field}\` is required in ${of}`,
    hint: ({ name, description }: { name: string; description: string }) =>
      `Add \`${name}:\`${description ? ` (${description})` : ''}.`,
  },
  InvalidFileName: {
    title: 'File name is not a valid slug',
    message: ({ kind, name }: InvalidFileNameArgs) =>
      kind === 'cluster' ? `cluster folder \`${name}\` is not a valid id` : `\`${name}\` is not a valid ${kind} slug`,
    hint: ({ kind }: InvalidFileNameArgs) =>
      kind === 'cluster'
        ? 'Rename the folder to lowercase kebab-case: it is the cluster id.'
        : `Rename the file to lowercase kebab-case, e.g. \`my-${kind}.md\`: the file name is the slug in every URL.`,
  },
  DuplicateSlug: {
    title: 'Slug is used twice',
    message: ({ slug, other }: { slug: string; other: string }) =>
      `article slug \`${slug}\` is already used by ${other}`,
    hint: 'Article URLs are /articles/<slug> across all clusters: rename one of the files.',
  },
  ForbiddenPremium: {
    title: 'Resource can never be premium',
    message: ({ slug }: { slug: string }) => `\`${slug}\` can never be premium`,
    hint: ({ alwaysFree }: { alwaysFree: readonly string[] }) =>
      `Remove \`premium: true\`: ${alwaysFree.join(' and ')} are always free, ` +
      'so every visitor can learn how access works.',
  },
  PremiumWithoutSummary: {
    title: 'Premium resource has no premium_summary',
    message: '`premium_summary` is required when `premium` is true',
    hint: 'Add `premium_summary:` with a free teaser of one to three sentences; it is published in place of the body.',
  },
  PremiumWithoutSections: {
    title: 'Premium resource has no H2 section',
    message: 'a premium body needs at least one `## ` section',
    hint: 'Add H2 headings: their titles are the free preview a buyer sees in the 402 answer.',
  },
  PremiumFieldsOnFree: {
    title: 'Premium-only field on a free resource',
    message: ({ field }: { field: string }) => `\`${field}\` has no effect on a free resource`,
    hint: 'Remove it, or set `premium: true` if the body should be paid for.',
  },
  ClusterWithoutPillar: {
    title: 'Cluster has no pillar',
    message: ({ cluster }: { cluster: string }) => `cluster \`${cluster}\` has no article with \`kind: pillar\``,
    hint: "Mark the cluster's main article with `kind: pillar` in its front matter.",
  },
  ClusterWithManyPillars: {
    title: 'Cluster has more than one pillar',
    message: ({ cluster, pillar }: { cluster: string; pillar: string }) =>
      `cluster \`${cluster}\` already has the pillar \`${pillar}\``,
    hint: 'A cluster has exactly one pillar: set `kind: sub` and an `order` on this article.',
  },
  ClusterIdMismatch: {
    title: 'Cluster id differs from its folder',
    message: ({ id, folder }: { id: string; folder: string }) => `\`id\` is "${id}" but the folder is \`${folder}\``,
    hint: ({ folder }: { folder: string }) => `Remove \`id\` (the folder name is the id) or set it to "${folder}".`,
  },
  SubWithoutOrder: {
    title: 'Sub-article has no order',
    message: ({ article }: { article: string }) => `sub-article \`${article}\` has no \`order\``,
    hint: 'Add `order: N` (1 for the first sub after the pillar) to place it in the reading order.',
  },
  DuplicateSubOrder: {
    title: 'Two sub-articles share an order',
    message: ({ order, other, cluster }: { order: number; other: string; cluster: string }) =>
      `\`order\` ${order} is already used by \`${other}\` in cluster \`${cluster}\``,
    hint: 'Give every sub-article in a cluster its own `order`.',
  },
  UnknownPathStep: {
    title: 'Learning-path step names no resource',
    message: ({ slug, path }: { slug: string; path: string }) =>
      `step \`${slug}\` of path \`${path}\` names no resource`,
    hint: slugHint,
  },
  DuplicatePathId: {
    title: 'Learning-path id is used twice',
    message: ({ id }: { id: string }) => `learning path id \`${id}\` is used twice`,
    hint: 'Give every learning path its own id.',
  },
  UnknownRelatedResource: {
    title: 'Related resource does not exist',
    message: ({ slug }: { slug: string }) => `related resource \`${slug}\` does not exist`,
    hint: slugHint,
  },
  BrokenInternalLink: {
    title: 'Internal link does not resolve',
    message: (args: BrokenLinkArgs) => {
      switch (args.reason) {
        case 'no-heading-here':
          return `link to "${args.url}" matches no heading on this page`;
        case 'no-page':
          return `link to "${args.url}" does not match any page of this site`;
        case 'no-target':
          return `link to "${args.url}" points at no ${args.family} \`${args.slug}\``;
        case 'no-anchor-there':
          return `link to "${args.url}" names an anchor that \`${args.slug}\` does not have`;
      }
    },
    hint: (args: BrokenLinkArgs) => {
      switch (args.reason) {
        case 'no-heading-here':
          return `Headings here have the anchors: ${anchorList(args.anchors)}.`;
        case 'no-page':
          return 'Link to /resources/<slug>, /articles/<slug> (optionally with .md), or /api/resources/<slug>.json.';
        case 'no-target':
          return slugHint(args);
        case 'no-anchor-there':
          return `Its headings have the anchors: ${anchorList(args.anchors)}.`;
      }
    },
  },
  RelativeSourceUrl: {
    title: 'Verified source is not an absolute URL',
    message: ({ url }: { url: string }) => `verified source "${url}" is not an absolute http(s) URL`,
    hint: 'Write the full address, starting with https://, so agents can fetch the citation from anywhere.',
  },
  EmptyVerifiedSources: {
    title: 'Verified sources section lists no links',
    message: '`## Verified sources` lists no links',
    hint:
      'List each source as a Markdown link to its absolute URL, ' +
      'e.g. `- [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110)`, or remove the heading.',
  },
  UnknownCategory: {
    title: 'Category is not in site.yaml',
    message: ({ category }: { category: string }) => `category "${category}" is not declared in site.yaml`,
    hint: ({ categories }: { categories: readonly string[] }) =>
      `Use one of: ${categories.join(', ')}; or add it to \`categories\` in site.yaml.`,
  },
  UnknownTag: {
    title: 'Tag is not in the site vocabulary',
    message: ({ tag }: { tag: string }) => `tag "${tag}" is not in the vocabulary of site.yaml`,
    hint: 'Use a tag from `tags` in site.yaml, or add this one there so related resources share it.',
  },
  DateOrder: {
    title: 'Dates are out of order',
    message: ({ updated, published }: { updated: string; published: string }) =>
      `\`updated\` (${updated}) is before \`published\` (${published})`,
    hint: 'Set `updated` to the publication date or later.',
  },
  StaleContent: {
    title: 'Due for review',
    message: ({ updated, period, reviewDate }: { updated: string; period: string; reviewDate: string }) =>
      `\`updated\` (${updated}) is more than ${period} before ${reviewDate}: site.yaml \`review_after\` says this is due for review`,
    hint: 'Check its dated facts (versions, names, dates, sources) against their sources, then set `updated` to today if anything changed; or raise `review_after` in site.yaml.',
  },
  EmptyBody: {
    title: 'Body is empty',
    message: 'the body is empty',
    hint: 'Write the resource below the closing `---` of the front matter.',
  },
  MissingTermsResource: {
    title: 'Premium resources without an access-and-pricing resource',
    message: 'there are premium resources but no `access-and-pricing` resource',
    hint: ({ folder }: { folder: string }) =>
      `Add ${folder}/resources/access-and-pricing.md: every 402 answer links to it as the terms, ` +
      'and it should list the premium resources and their prices.',
  },
  PremiumNotAnnounced: {
    title: 'Premium resource not named on access-and-pricing',
    message: ({ slug }: { slug: string }) => `\`${slug}\` is premium but access-and-pricing does not name it`,
    hint: ({ slug }: { slug: string }) =>
      `Mention \`${slug}\` in the premium list of access-and-pricing: it is the authoritative list buyers read.`,
  },
  DisallowedUrlScheme: {
    title: 'Link uses a URL scheme pages may not carry',
    message: ({ kind, scheme }: { kind: keyof typeof urlKinds; scheme: string }) =>
      `${urlKinds[kind]} uses the \`${scheme}:\` scheme, which pages may not link to`,
    hint:
      'Use an http:, https: or mailto: URL, or a relative one (/path, #anchor, ?query). ' +
      "Other schemes, such as javascript: and data:, can run script in the reader's browser, " +
      'so the page would keep only the link text.',
  },
  UnusableTransferMethod: {
    title: 'x402 transfer method cannot work with this asset',
    message: ({ asset, network }: { asset: string; network: string }) =>
      `\`x402.transfer_methods\` offers \`eip3009\`, but \`x402.asset\` ${asset} is not USDC on ${network}: an EIP-3009 payment is signed under the token's own EIP-712 name and version, and agentdir knows them only for USDC`,
    hint: 'Offer Permit2 instead (`transfer_methods: [permit2]`), which works with any ERC-20, or remove `x402.asset` to sell in USDC.',
  },
  InvalidUrl: {
    title: 'URL in site.yaml cannot be published',
    message: ({ field, value, fault }: InvalidUrlArgs) => {
      const got = `  (got "${value.slice(0, 200)}")`;
      switch (fault) {
        case 'not-url':
          return `\`${field}\` is not an absolute URL with a host${got}`;
        case 'scheme':
          return `\`${field}\` must be an http:// or https:// URL${got}`;
        case 'port':
          return `\`${field}\` has a port outside 1 to 65535${got}`;
        case 'credentials':
          return `\`${field}\` carries a user name or password (\`user:password@\`), which would be published with it`;
        case 'query':
          return `\`${field}\` has a query (\`?\`), but every URL of the site is made by appending a path to it${got}`;
        case 'fragment':
          return `\`${field}\` has a fragment (\`#\`), but every URL of the site is made by appending a path to it${got}`;
      }
    },
    hint: ({ field, fault }: InvalidUrlArgs) => {
      switch (fault) {
        case 'not-url':
        case 'scheme':
          return `Write the full address with its scheme, such as \`${field}: https://docs.example.com\`.`;
        case 'port':
          return 'Remove the port, or write the one the site really listens on (1 to 65535; https needs none).';
        case 'credentials':
          return `Remove \`user:password@\` from \`${field}\`: the URL is published in pages and JSON for anyone to read, so credentials in it are public. Protect the page another way.`;
        case 'query':
        case 'fragment':
          return `Write only the scheme, host and path the site is served from, such as \`${field}: https://example.com/docs\`; \`agentdir build --base-url\` follows the same rules.`;
      }
    },
  },
  UnknownAudience: {
    title: 'Audience marker names no audience',
    message: ({ value }: { value?: string }) =>
      value === undefined
        ? 'this comment looks like an audience marker but cannot be read as one'
        : `the audience marker names \`${value}\`, which is not an audience`,
    hint:
      'Write `<!-- audience: agents -->` (only the Markdown outputs carry the passage) or ' +
      '`<!-- audience: people -->` (only the HTML page does), and end the passage with `<!-- /audience -->`.',
  },
  UnclosedAudienceMarker: {
    title: 'Audience passage is not closed',
    message: ({ audience, reason }: { audience: string; reason: 'unclosed' | 'nested' }) =>
      reason === 'unclosed'
        ? `the passage for ${audience} opened here is never closed`
        : `a passage for ${audience} opens here inside another audience passage`,
    hint: ({ reason }: { reason: 'unclosed' | 'nested' }) =>
      reason === 'unclosed'
        ? 'Add `<!-- /audience -->` on its own line, with a blank line before it, where the passage ends: without it, the rest of the body would be left out of one kind of output.'
        : 'Close the first passage with `<!-- /audience -->` before opening the next; passages do not nest.',
  },
  StrayAudienceMarker: {
    title: 'Audience marker where it cannot work',
    message: ({ reason }: { reason: 'unopened' | 'placement' }) =>
      reason === 'unopened'
        ? '`<!-- /audience -->` closes a passage that was never opened'
        : 'audience markers only work on a line of their own between blocks, at the top level of the body',
    hint: ({ reason }: { reason: 'unopened' | 'placement' }) =>
      reason === 'unopened'
        ? 'Remove it, or open the passage above it with `<!-- audience: agents -->` or `<!-- audience: people -->`.'
        : 'Move the marker out of the list, quote or paragraph, with a blank line above and below it: a passage is made of whole blocks.',
  },
  PeopleOnlyPremium: {
    title: 'Premium resource marked for people only',
    message: () => 'a premium resource cannot be `audience: people`',
    hint:
      'Premium bodies are sold to agents through keys, x402 and MCP. Remove `audience: people` to sell it, ' +
      'or `premium: true` to publish it as a free page for people.',
  },
  ContentOutsideFolder: {
    title: 'Content path leads outside the content folder',
    message: 'this path leads outside the content folder through a symlink, so it was not read',
    hint: 'Copy the file into the content folder instead of linking to it: only files inside it are published.',
  },
  UnreadableContentFile: {
    title: 'Content entry is not a readable file',
    message: (args: UnreadableArgs) =>
      args.reason === 'not-regular'
        ? `${unreadableWhat(args)}, not a regular file, so it was not read`
        : `${unreadableWhat(args)}, so it was not read`,
    hint: (args: UnreadableArgs) => {
      switch (args.reason) {
        case 'not-regular':
          return args.kind === 'folder' && !args.throughLink
            ? 'A folder named like a content file is never read as one: rename it, or move it out of this folder.'
            : 'Only regular text files are read (a pipe waits for a writer, a device never ends): replace it with the file it stands for, or remove it.';
        case 'unreadable':
          return 'Let this user read it (`chmod u+r`), or move it out of the content folder.';
        default:
          return 'Point the link at a file inside the content folder, or remove it.';
      }
    },
  },
  FileTooLarge: {
    title: 'File is too large',
    message: ({ bytes, limitBytes }: { bytes: number; limitBytes: number }) =>
      `the file is ${mebibytes(bytes).toFixed(1)} MiB, over the ${mebibytes(limitBytes)} MiB a content file may have`,
    hint: 'Split it into several documents, or move large data out of the content folder and link to it.',
  },
  InvalidText: {
    title: 'File is not UTF-8 text',
    message: ({ reason }: { reason: 'not-utf8' | 'nul' }) =>
      reason === 'nul'
        ? 'the file contains a NUL byte, so it is binary rather than text'
        : 'the file is not valid UTF-8 text here',
    hint: ({ reason }: { reason: 'not-utf8' | 'nul' }) =>
      reason === 'nul'
        ? 'Remove the NUL byte, or move binary files out of the content folder.'
        : 'Save the file as UTF-8 (every editor offers it under "encoding").',
  },
  NestingTooDeep: {
    title: 'Content nests too deep',
    message: ({ language, limit, construct = 'blocks' }: NestingArgs) =>
      construct === 'blocks'
        ? `the ${language} nests more than ${limit} levels deep here, so the file was not parsed`
        : `more than ${limit} ${construct === 'emphasis' ? 'emphasis markers' : 'brackets'} are open here, so the file was not parsed`,
    hint: ({ language, limit, construct = 'blocks' }: NestingArgs) =>
      language === 'YAML'
        ? `Flatten the nested lists or maps to at most ${limit} levels.`
        : construct === 'blocks'
          ? `Flatten the nested blockquotes or lists to at most ${limit} levels ` +
            '(real documents rarely need more than four).'
          : `Close the ${construct === 'emphasis' ? '`*`, `_` or `~`' : '`[`'} you open, or escape a literal one ` +
            `with a backslash (${construct === 'emphasis' ? '`\\*`' : '`\\[`'}): a paragraph may hold at most ${limit} open at once.`,
  },
  ParseBudgetExceeded: {
    title: 'Markdown is too costly to parse',
    message: (args: ParseBudgetArgs) =>
      args.reason === 'rewrites'
        ? 'each list item, blockquote and underlined heading costs the parser every line above it; ' +
          `here they add up to more than ${args.limit.toLocaleString('en-US')} lines, so the file was not parsed`
        : args.reason === 'time'
          ? `the Markdown body took longer than ${args.seconds} s to render, so the render was stopped`
          : "the Markdown body nests deeper than the parser's stack allows, so the file was not rendered",
    hint: (args: ParseBudgetArgs) =>
      args.reason === 'rewrites'
        ? 'Split the file into several documents. Headings underlined with `===` or `---` cost the most: ' +
          'write them with `#` marks (`## Title`) instead.'
        : args.reason === 'time'
          ? 'Split the file into several documents. What makes a body slow is rarely its size alone: look for ' +
            'long stretches without a blank line full of `*`, `_`, `~` or `[`, or lists of tens of thousands of items.'
          : 'Flatten what is nested inside what: emphasis in emphasis, links in images, lists in lists.',
  },
  TemplateError: {
    title: 'Template does not parse or render',
    /** `reason`: Liquid's own words; `stage`: whether the template failed to parse or, parsed, failed while rendering a page. */
    message: ({ reason, stage }: { reason: string; stage: 'parse' | 'render' }) =>
      `${stage === 'parse' ? 'the template does not parse' : 'the template failed while rendering a page'}: ${reason.slice(0, 300)}`,
    hint: ({ stage }: { stage: 'parse' | 'render' }) =>
      stage === 'parse'
        ? 'Fix the Liquid syntax here: every `{% if %}`, `{% for %}` and `{% block %}` needs its closing tag, and each filter must be one Liquid defines.'
        : 'Check what this tag uses: a partial or layout it names must exist in your templates folder or among the built-in templates, and the values it reads must be there for every page.',
  },
  InvalidRegistryServer: {
    title: 'MCP registry server.json would not be valid',
    /** `field`: the JSON pointer into server.json; `reason`: the schema's words; `value`: what the build made there. */
    message: ({ field, reason, value }: { field: string; reason: string; value: string }) =>
      `the MCP registry's server.json made from this file would not be valid: \`${field}\` ${reason}` +
      (value ? ` (got "${value.slice(0, 200)}")` : ''),
    hint:
      'server.json takes its `name` from the host of `url` (reversed, as `com.example/directory`), its `title` from `name` (at most 100 characters) ' +
      'and its remote from `url`: change the field named here, or set `discovery: { mcp_install: false }` to publish no server.json.',
  },
  InvalidOption: {
    title: 'Command-line option is not valid',
    // Only `--base-url` is checked so far; `option` keys the wording when another option joins it.
    message: ({ value }: { option: '--base-url'; value: string }) =>
      '`--base-url` must be an absolute http(s) URL without query, fragment or credentials ' +
      `(got "${value.slice(0, 200)}")`,
    /** `hostLike`: the value looks like a bare host name, so the example puts a scheme before it. */
    hint: ({ value, hostLike }: { value: string; hostLike: boolean }) =>
      `Write it with its scheme, for example --base-url ${hostLike ? `https://${value}` : 'https://docs.example.com'}.`,
  },
  InvalidEnvironment: {
    title: 'Environment variable is not valid',
    // Only SOURCE_DATE_EPOCH is checked so far; `variable` keys the wording when another one joins it.
    message: ({ value }: { variable: 'SOURCE_DATE_EPOCH'; value: string }) =>
      '`SOURCE_DATE_EPOCH` must be a whole number of seconds since 1970-01-01 UTC, at most 253402300799 (the end of the year 9999)' +
      `  (got "${value.slice(0, 200)}")`,
    hint: "Set it to a Unix timestamp, such as the last commit's: `SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)`; or unset it, and the build is dated by the newest `updated` date of the content.",
  },
  MissingContentFolder: {
    title: 'Content folder does not exist',
    message: ({ folder, named, reason }: MissingContentFolderArgs) => {
      const state = reason === 'file' ? 'is a file, not a folder' : 'does not exist';
      if (named === 'setting') return `\`agentdir.content\` names the folder \`${folder}\`, which ${state}`;
      return `the ${named === 'default' ? 'default ' : ''}content folder \`${folder}\` ${state}`;
    },
    hint: ({ folder, named, nearby }: MissingContentFolderArgs) => {
      const listed = nearby.map((near) => `\`${near}\``).join(' or ');
      const meant = nearby.length
        ? `Did you mean ${listed}? ${nearby.length === 1 ? 'It holds' : 'Each holds'} a site.yaml; `
        : '';
      if (named === 'setting')
        return nearby.length
          ? `${meant}set \`agentdir.content\` to it (a path relative to package.json).`
          : `Set \`agentdir.content\` in package.json to the folder that holds your site.yaml (a path relative to package.json), or create it with \`npx agentdir new ${folder}\`.`;
      const where = {
        argument: 'after the command',
        '--content': 'with `--content`',
        default: `after the command, or once for every command in package.json: \`"agentdir": {"content": "${nearby[0] ?? 'site'}"}\``,
      }[named];
      return nearby.length
        ? `${meant}name it ${where}.`
        : `Name the folder that holds your site.yaml ${where}; or create one with \`npx agentdir new ${folder}\`.`;
    },
  },
  InvalidSettings: {
    title: 'Project settings are not valid',
    message: (args: InvalidSettingsArgs) => {
      switch (args.reason) {
        case 'json':
          return `package.json is not valid JSON, so its \`agentdir\` settings cannot be read: ${args.detail}`;
        case 'not-object':
          return `\`agentdir\` must be an object of settings  (got ${args.got})`;
        case 'not-path':
          return `\`${args.key}\` must be a folder path (a non-empty string)  (got ${args.got})`;
        case 'unknown':
          return `\`${args.key}\` is not a setting of agentdir`;
      }
    },
    hint: (args: InvalidSettingsArgs) => {
      switch (args.reason) {
        case 'json':
          return 'Fix the JSON syntax of package.json; npm cannot read it either.';
        case 'not-object':
          return 'Write the settings as an object, such as `"agentdir": {"content": "site"}`.';
        case 'not-path':
          return `Write the folder as a string, relative to package.json, such as \`"${args.key.replace(/^agentdir\./, '')}": "${args.key === 'agentdir.out' ? 'dist' : 'site'}"\`.`;
        case 'unknown':
          return args.near
            ? `Did you mean \`${args.near}\`? The settings are: ${args.allowed.join(', ')}.`
            : `Remove it; the settings are: ${args.allowed.join(', ')}.`;
      }
    },
  },
  InvalidSkillName: {
    title: 'Skill name is not valid',
    message: (args: InvalidSkillNameArgs) => {
      switch (args.reason) {
        case 'missing':
          return '`name` is required in the front matter of a SKILL.md';
        case 'format':
          return `\`name\` "${args.name}" is not lowercase kebab-case (a-z, 0-9 and single hyphens inside)`;
        case 'length':
          return `\`name\` is ${args.length} characters long, more than the ${args.limit} a skill name may have`;
        case 'folder':
          return `\`name\` is "${args.name}" but the skill folder is \`${args.folder}\``;
      }
    },
    hint: (args: InvalidSkillNameArgs) =>
      args.reason === 'folder'
        ? `Set \`name: ${args.folder}\`, or rename the folder to \`${args.name}\`: agents install a skill under its name, and the Agent Skills format asks that it equal its folder.`
        : 'Name the skill like its folder, in lowercase kebab-case of at most 64 characters, such as `name: search-the-directory`: it is the folder agents install it into.',
  },
  InvalidSkillDescription: {
    title: 'Skill description is missing or too long',
    message: (args: InvalidSkillDescriptionArgs) =>
      args.reason === 'missing'
        ? '`description` is required in the front matter of a SKILL.md'
        : `\`description\` is ${args.length} characters long, more than the ${args.limit} a skill description may have`,
    hint: 'Say in one or two sentences what the skill does and when to use it: agents read only the description to decide whether to load the skill.',
  },
  DuplicateSkillName: {
    title: 'Skill name is used twice',
    message: ({ name }: { name: string }) =>
      `skill \`${name}\` has the name of the skill agentdir generates for this site from site.yaml`,
    hint: 'Rename this skill and its folder: every skill a site publishes is installed under its own name.',
  },
  UnsafeOutputFolder: {
    title: 'Output folder is not one a build may replace',
    message: (args: UnsafeFolderArgs) =>
      `\`${args.option} ${args.folder}\` ${unsafeFolderReason(args)}; ` +
      'the build would replace it, so nothing was written',
    hint: ({ reason }: UnsafeFolderArgs) => {
      if (reason === 'inside-content') return 'Build outside the content folder, such as `--out dist` beside it.';
      return reason === 'not-a-build' ? clearFolderFirst : pickNewFolder;
    },
  },
} satisfies Record<string, CatalogEntry<never>>;

/** Why an output folder is refused, as the middle of its message. */
function unsafeFolderReason(args: UnsafeFolderArgs): string {
  switch (args.reason) {
    case 'root':
      return 'is the root of the file system';
    case 'is-place':
      return `is ${folderPlaces[args.place]}`;
    case 'contains-place':
      return `contains ${folderPlaces[args.place]} (${args.placePath})`;
    case 'inside-content':
      return 'is inside the content folder, where its files would be read as content';
    case 'file':
      return 'is a file, not a folder';
    case 'not-a-build':
      return 'is a folder that holds files but no previous agentdir build (no build-manifest.json)';
  }
}

/** A text of the catalog: fixed, or written from the facts of one occurrence. */
type CatalogText<A> = string | ((args: A) => string);

export interface CatalogEntry<A> {
  title: string;
  message: CatalogText<A>;
  hint: CatalogText<A>;
}

export type ProblemCode = keyof typeof problemCatalog;

type TextArgs<T> = T extends (args: infer A) => string ? A : Record<never, never>;

/** The facts a problem's message and hint are written from, e.g. `{ slug, other }` for `DuplicateSlug`. */
export type ProblemArgs<C extends ProblemCode> = TextArgs<(typeof problemCatalog)[C]['message']> &
  TextArgs<(typeof problemCatalog)[C]['hint']>;

/** The message and hint of one occurrence of `code`. */
export function problemTexts<C extends ProblemCode>(code: C, args: ProblemArgs<C>): { message: string; hint: string } {
  // Each entry's texts take its own arguments; the index by a generic code cannot show TypeScript that.
  const entry = problemCatalog[code] as CatalogEntry<ProblemArgs<C>>;
  const write = (text: CatalogText<ProblemArgs<C>>) => (typeof text === 'string' ? text : text(args));
  return { message: write(entry.message), hint: write(entry.hint) };
}
