// The one-click MCP install links of the pages: each editor's documented format, decoding back to
// the site's /mcp URL, and a `claude mcp add` line the shell reads as written.
import { describe, expect, it } from 'vitest';
import {
  claudeAddCommand,
  cursorInstallHref,
  mcpServerName,
  vscodeInstallHref,
} from '../../src/emit/helpers/mcp-install.js';

const url = 'https://docs.example/mcp';

describe('the MCP install links', () => {
  it('Cursor: the name, and the base64 JSON of a remote server entry holding the /mcp URL', () => {
    const href = new URL(cursorInstallHref('docs-example', url));
    expect(`${href.protocol}//${href.host}${href.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
    expect(href.searchParams.get('name')).toBe('docs-example');
    const config = JSON.parse(Buffer.from(href.searchParams.get('config')!, 'base64').toString('utf8'));
    expect(config).toEqual({ url });
  });

  it('VS Code: the URL-encoded JSON of the server, its name included, over Streamable HTTP', () => {
    const href = vscodeInstallHref('docs-example', url);
    expect(href.startsWith('vscode:mcp/install?')).toBe(true);
    const query = href.slice('vscode:mcp/install?'.length);
    expect(query).not.toMatch(/[{}"\s]/);
    expect(JSON.parse(decodeURIComponent(query))).toEqual({ name: 'docs-example', type: 'http', url });
  });

  it('Claude Code: `claude mcp add --transport http <name> <url>`, quoting only what the shell would split', () => {
    expect(claudeAddCommand('docs-example', url)).toBe(`claude mcp add --transport http docs-example ${url}`);
    expect(claudeAddCommand('docs', "https://docs.example/it's/mcp")).toBe(
      `claude mcp add --transport http docs 'https://docs.example/it'\\''s/mcp'`,
    );
  });

  it('names the server after the site, as one lowercase word, or after its host', () => {
    expect(mcpServerName('Acme Docs & Co', 'https://acme.example')).toBe('acme-docs-co');
    expect(mcpServerName('Café Guides', 'https://cafe.example')).toBe('cafe-guides');
    expect(mcpServerName('文档', 'https://docs.example')).toBe('docs.example');
  });
});
