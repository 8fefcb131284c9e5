/**
 * Rendered Markdown made comfortable to read on any screen: wide code blocks and tables scroll
 * sideways inside their own box, and those boxes take keyboard focus so they can be scrolled
 * without a mouse (WCAG 2.1.1). The HTML comes from our own Markdown pipeline, whose `<pre>` and
 * `<table>` tags carry no attributes; text that looks like a tag is escaped there, so it never matches.
 */
export function readableHtml(html: string): string {
  return html
    .replaceAll('<pre>', '<pre tabindex="0">')
    .replaceAll(
      '<table>',
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Table, scrolls sideways"><table>',
    )
    .replaceAll('</table>', '</table></div>');
}

/** Whole minutes a person needs to read `words` words, at about 230 a minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 230));
}
