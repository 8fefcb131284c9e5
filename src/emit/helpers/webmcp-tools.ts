import type { EmitContext } from '../context.js';

/**
 * The tools the pages' forms declare to an agent in the browser, with the declarative WebMCP
 * attributes (`toolname`, `tooldescription` on the form, `toolparamdescription` on each field:
 * https://developer.chrome.com/docs/ai/webmcp/declarative-api). The browser builds each tool's
 * input schema from the form's named fields; the templates put these texts on them.
 */
export interface WebMcpTools {
  /** The search page's form: the results come back to the agent as JSON, the page stays put. */
  search: { name: string; description: string; query: string };
  /** The search forms of other pages, which open the search page with the results. */
  open_search: { name: string; description: string; query: string };
  /**
   * "Get this page as Markdown" on resource and guide pages: the page's .md variant. The form's
   * button carries the .md address (`formaction`), not the form: a form whose action names a page
   * such as `/resources/mcp-server-authentication.md` reads to crawlers as a sign-in form.
   */
  page_markdown: { name: string; description: string };
}

/** Null when site.yaml `discovery.webmcp` is false: the forms then carry no WebMCP attribute. */
export function webMcpTools(context: EmitContext): WebMcpTools | null {
  const { site } = context.model;
  if (!site.discovery.webmcp) return null;
  const query = 'A question or a few words, as a person would type them, such as "how do MCP servers authenticate".';
  return {
    search: {
      name: 'search',
      description: `Search every resource and guide of ${site.name}. Returns the best matches, each with its title, URL, Markdown URL and the passage that matched.`,
      query,
    },
    open_search: {
      name: 'search',
      description: `Search every resource and guide of ${site.name}: opens the search page with the best matches.`,
      query,
    },
    page_markdown: {
      name: 'get_page_markdown',
      description: 'Get the text of this page as Markdown, without navigation or markup.',
    },
  };
}
