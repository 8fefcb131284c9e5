import { createHash } from 'node:crypto';
import type { Article, Resource } from '../content/model.js';
import { feedbackNote } from './helpers/feedback-note.js';
import { agentMarkdownBody } from './helpers/agent-links.js';
import { type EmitContext, estimateTokens, partKey } from './context.js';
import { type LlmsSection, llmsLink, llmsSections, splitSection } from './helpers/llms-sections.js';
import { oneLine } from '../util/text.js';
import type { KeyedPart, OutputFile } from './output.js';
import { meteredCorpusInWords, railsInWords, railsOffered, transferMethodsInWords } from '../shared/x402-methods.js';

// /llms.txt in the llmstxt.org format: H1, blockquote, notes, H2 file lists of absolute `.md`
// links, `## Optional` last. Past the site's budget (site.yaml `llms_txt.max_characters`) it
// becomes an index of section files, each a valid llms.txt within the same budget, with the full
// text of each section beside it, so no reader has to cut a file short.

/** How llms.txt is laid out: one file, or an index of section files. */
export type LlmsLayout = { split: false; sections: LlmsSection[] } | { split: true; sections: LlmsSection[] };

export function llmsLayout(context: EmitContext): LlmsLayout {
  const sections = llmsSections(context);
  const budget = context.model.site.llms_txt.max_characters;
  if (singleLlmsTxt(context, sections).length <= budget) return { split: false, sections };
  return {
    split: true,
    sections: sections.flatMap((section) => {
      // The file around the lines, as wide as a part's can be (up to 999 parts).
      const frame = sectionLlmsTxt(context, { ...section, title: `${section.title} (part 999 of 999)`, lines: [] });
      return splitSection(section, budget - frame.length);
    }),
  };
}

/** Where agents that discover before they read find this site's catalogs and cards: one line, naming only the doors site.yaml leaves open. */
function discoveryNote(context: EmitContext): string[] {
  const { urls } = context;
  const { discovery } = context.model.site;
  const doors = [
    discovery.ard && `the ARD manifest of every catalog entry at ${urls.ard}`,
    `the MCP server card at ${urls.serverCard}`,
    discovery.mcp_install && `the MCP registry's server.json at ${urls.mcpRegistryServer}`,
    discovery.agent_card && `the A2A agent card at ${urls.agentCard}`,
  ].filter(Boolean);
  return [`Discovery: ${doors.join(', ')}.`];
}

function preamble(context: EmitContext): string[] {
  const { site } = context.model;
  const { urls } = context;
  const howToPayPerFetch = [
    transferMethodsInWords(site.x402.transfer_methods),
    ...railsInWords(railsOffered(site.x402)),
    ...(site.x402.metered_corpus ? [meteredCorpusInWords(site.pricing.price_usd)] : []),
  ];
  return [
    `# ${oneLine(site.name)}`,
    `> ${oneLine(site.description)}`,
    [
      `Every resource has an HTML page, a Markdown variant (\`.md\`) and a JSON variant (\`/api/resources/<slug>.json\`). Start with the resource index at ${urls.resourceIndex} or the search index at ${urls.searchIndex}.`,
      `Premium resources need an access key (\`Authorization: Bearer <API_KEY>\` or \`x-api-key\`); without one they answer HTTP 402 with a preview and purchase instructions. Where the operator configured x402, each can also be bought per fetch at ${urls.x402('{slug}')}: ${howToPayPerFetch.join('; ')} (the payment manifest: ${urls.payment}). Terms: ${urls.terms}. License: ${urls.license}. MCP server: ${urls.mcp}. Every URL of the site is described in OpenAPI at ${urls.openApi}.`,
      `Data for agents: the free corpus as NDJSON at ${urls.corpusJsonl} (a meta record, then one record per resource), the guide index at ${urls.articleIndex}, learning paths at ${urls.paths} and the pricing catalog at ${urls.pricing}.`,
      ...(site.discovery.skills
        ? [
            `Agent skills that teach an agent to use this directory: ${urls.agentSkillsIndex} (install them with any Agent Skills client).`,
          ]
        : []),
      ...discoveryNote(context),
      ...[feedbackNote(context)].filter((note) => note !== null),
    ].join('\n\n'),
  ];
}

function count(section: LlmsSection, amount: number): string {
  return `${amount.toLocaleString('en-US')} ${amount === 1 ? section.noun[0] : section.noun[1]}`;
}

/** The whole llms.txt in one file: every section's links under its H2. */
function singleLlmsTxt(context: EmitContext, sections: LlmsSection[]): string {
  const { urls } = context;
  const parts = [
    ...preamble(context),
    ...sections.map((section) => `## ${section.title}\n\n${section.lines.join('\n')}`),
  ];
  // Only documents are linked (llms.txt readers fetch each link as a page): the JSON and NDJSON
  // endpoints are named in the notes above, as plain URLs.
  parts.push(
    `## Optional\n\n${[
      llmsLink('Home page', urls.home, 'the same directory for people, in HTML'),
      llmsLink(
        'Full text of every free document',
        urls.llmsFullTxt,
        'all free bodies in one file; premium resources as summaries',
      ),
    ].join('\n')}`,
  );
  return `${parts.join('\n\n')}\n`;
}

/** The index llms.txt of a split site: one line per section file, with its size. */
function indexLlmsTxt(context: EmitContext, sections: LlmsSection[], files: Map<string, string>): string {
  const { urls } = context;
  const budget = context.model.site.llms_txt.max_characters.toLocaleString('en-US');
  const lines = sections.map((section) => {
    const tokens = estimateTokens(files.get(section.id)!).toLocaleString('en-US');
    const full = section.documents.length ? ` Full text: ${urls.llmsFullSection(section.id)}` : '';
    return llmsLink(
      section.title,
      urls.llmsSection(section.id),
      `${count(section, section.documents.length || section.lines.length)}; this list is about ${tokens} tokens.${full}`,
    );
  });
  const parts = [
    ...preamble(context),
    `This site has more to list than one llms.txt of ${budget} characters holds, so this file is an index: each section below is an llms.txt of its own, within the same size, and the full text of its documents is beside it (the URL after "Full text:"). Everything free in one file: ${urls.llmsFullTxt}.`,
    `## Sections\n\n${lines.join('\n')}`,
    `## Optional\n\n${llmsLink('Home page', urls.home, 'the same directory for people, in HTML')}`,
  ];
  return `${parts.join('\n\n')}\n`;
}

/** A section file's H1, blockquote and notes: what it is part of, and where its full text is. */
function sectionHeader(context: EmitContext, section: LlmsSection): string {
  const { urls } = context;
  const full = section.documents.length
    ? ` The full text of the documents listed here: ${urls.llmsFullSection(section.id)}.`
    : '';
  return `# ${oneLine(context.model.site.name)}: ${section.title}\n\n> ${section.description}\n\nOne section of the llms.txt index at ${urls.llmsTxt}.${full}\n\n`;
}

function sectionLlmsTxt(context: EmitContext, section: LlmsSection): string {
  return `${sectionHeader(context, section)}## ${section.title}\n\n${section.lines.join('\n')}\n`;
}

/** llms.txt, and the section files when it is split. Reads metadata only. */
export function llmsTxtFiles(context: EmitContext): { root: string; sections: Map<string, string> } {
  const layout = llmsLayout(context);
  if (!layout.split) return { root: singleLlmsTxt(context, layout.sections), sections: new Map() };
  const sections = new Map(layout.sections.map((section) => [section.id, sectionLlmsTxt(context, section)]));
  return { root: indexLlmsTxt(context, layout.sections, sections), sections };
}

/** One document as a section of a combined text file: H2 title, blockquote, source, then the body one level down. */
function fullTextOf(document: Resource | Article, context: EmitContext): string {
  const { urls } = context;
  const resource = 'premium' in document ? document : null;
  const source = !resource
    ? urls.articleMarkdown(document.slug)
    : resource.premium
      ? urls.premiumPreviewMarkdown(resource.slug)
      : urls.resourceMarkdown(resource.slug);
  // A premium body is not here: its source is the public preview, which says how to get it.
  const text = resource?.premium
    ? `Premium resource: the body needs an access key (${urls.terms}).\n\n${oneLine(resource.premium_summary ?? '')}`
    : demoteHeadings(agentMarkdownBody(document, context));
  return `\n\n---\n\n## ${oneLine(document.title)}\n\n> ${oneLine(document.description)}\n\nSource: ${source}\nUpdated: ${document.updated}\n\n${text}`;
}

/**
 * /llms-full.txt: every free body in full (resources, then guides), its site links absolute as in
 * the .md variants; premium resources contribute only their summary. Produced in chunks.
 */
export function* llmsFullTxt(context: EmitContext): Generator<string | KeyedPart> {
  const { model } = context;
  yield `# ${oneLine(model.site.name)}\n\n---\n\n> ${oneLine(model.site.description)}`;
  for (const document of [...model.resources, ...model.articles]) {
    const { key } = partKey(document, context);
    const make = () => fullTextOf(document, context);
    yield key ? { key, make } : make();
  }
  yield '\n';
}

/** The full text of the documents one section file lists, with its size up front. */
function sectionFullTxt(context: EmitContext, section: LlmsSection): string {
  const texts = section.documents.map((document) => fullTextOf(document, context));
  const body = texts.join('');
  const tokens = estimateTokens(body).toLocaleString('en-US');
  return `# ${oneLine(context.model.site.name)}: ${section.title}, full text\n\n> ${section.description}\n\nThe documents listed at ${context.urls.llmsSection(section.id)}, in full: about ${tokens} tokens.${body}\n`;
}

/** Pushes a body's headings one level down so each document stays one H2 section of the combined file. */
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

/** llms.txt and its section files: titles, descriptions and URLs only, so kept while no metadata changes. */
export function* emitLlmsTxt(context: EmitContext): Generator<OutputFile> {
  const { root, sections } = llmsTxtFiles(context);
  // Some agents look for it under /.well-known/ too: the same bytes, written once and copied.
  yield { path: 'public/llms.txt', content: root, copies: ['public/.well-known/llms.txt'] };
  for (const [id, content] of sections) yield { path: `public/llms/${id}.txt`, content };
}

/** llms-full.txt, and beside each section file the full text of its documents. */
export function* emitLlmsFullTxt(context: EmitContext): Generator<OutputFile> {
  yield { path: 'public/llms-full.txt', content: llmsFullTxt(context), copies: ['public/.well-known/llms-full.txt'] };
  const layout = llmsLayout(context);
  if (!layout.split) return;
  for (const section of layout.sections) {
    if (section.documents.length)
      yield {
        path: `public/llms-full/${section.id}.txt`,
        // Made only if written: a build after a build keeps the files of sections whose documents are unchanged.
        content: (function* () {
          yield sectionFullTxt(context, section);
        })(),
        ...sectionKey(context, section),
      };
  }
}

/**
 * `{ key }` of a section's full-text file when the build reuses outputs: its header's words and the
 * part key of each document in it, which covers the document's text and the site's URLs.
 */
function sectionKey(context: EmitContext, section: LlmsSection): { key?: string } {
  const parts: string[] = [];
  for (const document of section.documents) {
    const { key } = partKey(document, context);
    if (!key) return {};
    parts.push(key);
  }
  const header = [context.model.site.name, section.id, section.title, section.description];
  return {
    key: createHash('sha256')
      .update(JSON.stringify([header, parts]))
      .digest('hex'),
  };
}
