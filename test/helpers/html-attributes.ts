/** One attribute of one start tag, its value with character references decoded as a browser would. */
export interface HtmlAttribute {
  tag: string;
  name: string;
  value: string;
}

const startTag = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes `&#x26;`, `&#38;` and the five XML names; any other name fails the test rather than pass unread. */
function decode(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (_reference, body: string) => {
    if (body[0] === '#')
      return String.fromCodePoint(
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10),
      );
    const character = named[body];
    if (character === undefined) throw new Error(`unexpected character reference &${body}; in an attribute`);
    return character;
  });
}

/**
 * Every attribute of every start tag in `html`. Enough for the serializer's output, whose text never
 * holds a bare `<`: each tag is read, each attribute value unquoted and decoded.
 */
export function htmlAttributes(html: string): HtmlAttribute[] {
  const found: HtmlAttribute[] = [];
  for (const tag of html.matchAll(startTag)) {
    for (const attr of tag[2]!.matchAll(attribute)) {
      found.push({
        tag: tag[1]!.toLowerCase(),
        name: attr[1]!.toLowerCase(),
        value: decode(attr[2] ?? attr[3] ?? attr[4] ?? ''),
      });
    }
  }
  return found;
}
