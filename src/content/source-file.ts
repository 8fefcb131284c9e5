import { LineCounter, parseDocument, isMap, isScalar, isSeq, visit, type Document, type Node } from 'yaml';

/** A YAML document (a whole file, or a Markdown file's front matter) with positions mapped to file lines. */
export interface YamlSource {
  file: string;
  /** The file's full text, to quote the offending line in error messages. */
  text: string;
  data: unknown;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Lines before the YAML text in the file (1 for front matter after `---`). */
  lineOffset: number;
}

export interface Position {
  line: number;
  column: number;
}

export interface YamlSyntaxIssue extends Position {
  message: string;
}

/** Parses YAML text, keeping what is needed to point at any field later. */
export function parseYamlSource(
  file: string,
  fileText: string,
  yamlText: string,
  lineOffset: number,
): { source: YamlSource; syntaxErrors: YamlSyntaxIssue[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntaxErrors = doc.errors.map((error) => {
    const at = lineCounter.linePos(error.pos[0]);
    return { line: at.line + lineOffset, column: at.col, message: error.message.split('\n')[0] ?? error.message };
  });
  let data: unknown;
  if (!syntaxErrors.length) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      // The yaml library refuses aliases that expand past the count (a "billion laughs" file): point at the first alias.
      if (!(error instanceof ReferenceError)) throw error;
      syntaxErrors.push({
        ...firstAlias(doc, lineCounter, lineOffset),
        message:
          'aliases (`*name`) expand to more than 100 copies here, which looks like a resource exhaustion attack; write the values out instead of nesting aliases',
      });
    }
  }
  return { source: { file, text: fileText, data, doc, lineCounter, lineOffset }, syntaxErrors };
}

/** Where the document's first alias is, or its first line. */
function firstAlias(doc: Document.Parsed, lineCounter: LineCounter, lineOffset: number): Position {
  let at: Position = { line: lineOffset + 1, column: 1 };
  visit(doc, {
    Alias(_key, node) {
      if (node.range) {
        const position = lineCounter.linePos(node.range[0]);
        at = { line: position.line + lineOffset, column: position.col };
      }
      return visit.BREAK;
    },
  });
  return at;
}

/**
 * Where a field lives in the file. `segments` is a JSON-pointer-like path (`['tags', 0]`);
 * `key: true` points at the key instead of the value (for unknown fields).
 */
export function positionOf(source: YamlSource, segments: (string | number)[], key = false): Position {
  let node: unknown = source.doc.contents;
  let best: Position = firstLine(source);
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node;
      if (last && key) return rangeStart(source, keyNode) ?? best;
      best = rangeStart(source, keyNode) ?? best;
      node = pair.value;
      if (last && node) return rangeStart(source, node as Node) ?? best;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (!item) break;
      node = item;
      best = rangeStart(source, item as Node) ?? best;
    } else {
      break;
    }
  }
  return best;
}

function rangeStart(source: YamlSource, node: Node): Position | undefined {
  const start = node.range?.[0];
  if (start === undefined) return undefined;
  const at = source.lineCounter.linePos(start);
  return { line: at.line + source.lineOffset, column: at.col };
}

function firstLine(source: YamlSource): Position {
  return { line: source.lineOffset > 0 ? source.lineOffset : 1, column: 1 };
}
