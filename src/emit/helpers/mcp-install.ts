import type { EmitContext } from '../context.js';
import { browserScript } from './hashed-asset.js';

/** One-click ways to add the site's MCP server (/mcp, Streamable HTTP) to an editor or assistant. */
export interface McpInstall {
  /** The server's name in the editor's configuration: the site name as a lowercase word. */
  name: string;
  url: string;
  cursor_href: string;
  vscode_href: string;
  /** A command to paste into a terminal. */
  claude_command: string;
  /** The script that shows the command's copy button (the copy-page script). */
  script: string;
}

/** `Acme Docs & Co` -> `acme-docs-co`; a name of no letters or digits falls back to the host name. */
export function mcpServerName(siteName: string, siteUrl: string): string {
  const word = siteName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return word || new URL(siteUrl).hostname;
}

/**
 * Cursor's install link, as its docs give it (https://cursor.com/docs/mcp/install-links):
 * `cursor://anysphere.cursor-deeplink/mcp/install?name=$NAME&config=$BASE64_ENCODED_CONFIG`, the
 * config being the server's entry of mcp.json (a remote server is `{"url": ...}`), JSON then base64.
 */
export function cursorInstallHref(name: string, url: string): string {
  const config = Buffer.from(JSON.stringify({ url }), 'utf8').toString('base64');
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(config)}`;
}

/**
 * VS Code's MCP URL handler, as its MCP developer guide gives it
 * (https://code.visualstudio.com/api/extension-guides/ai/mcp#create-an-mcp-installation-url):
 * `vscode:mcp/install?{json-configuration}`, the server's configuration with its `name`,
 * JSON-stringified then URL-encoded (`type: "http"` is a Streamable HTTP server).
 */
export function vscodeInstallHref(name: string, url: string): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`;
}

/** A word the shell reads as itself, else the word in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Claude Code's command for a remote server (https://code.claude.com/docs/en/mcp):
 * `claude mcp add --transport http <name> <url>`.
 */
export function claudeAddCommand(name: string, url: string): string {
  return `claude mcp add --transport http ${shellWord(name)} ${shellWord(url)}`;
}

/** Null when site.yaml `discovery.mcp_install` is false: the pages then show none of it. */
export function mcpInstall(context: EmitContext): McpInstall | null {
  const { site } = context.model;
  if (!site.discovery.mcp_install) return null;
  const name = mcpServerName(site.name, site.url);
  const url = context.urls.mcp;
  return {
    name,
    url,
    cursor_href: cursorInstallHref(name, url),
    vscode_href: vscodeInstallHref(name, url),
    claude_command: claudeAddCommand(name, url),
    script: browserScript('copy-page').href,
  };
}
