#!/usr/bin/env node
// Run on Node 22 or newer by test/lighthouse.agentic-browsing.test.ts: Lighthouse's Agentic Browsing
// category for each page of a served site, in one Chrome. Usage:
//   node agentic-browsing.mjs <origin> <path>...
// Prints, as JSON, each path's audits of the category: id, score, display mode, warnings,
// explanation and, for the WebMCP tools audit, the tools the page registered.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags } from '../scripts/chromium-flags.mjs';

const chromiumPath = '/usr/bin/chromium';
// Chromium exposes WebMCP (the page's tools, and DevTools' WebMCP domain Lighthouse reads them
// through) behind this feature; without it the three WebMCP audits do not apply.
const webMcpFlag = '--enable-features=WebMCPTesting';
const category = 'agentic-browsing';

/** The tools a page registered, from the WebMCP tools audit's tables (declarative and imperative). */
function registeredTools(audit) {
  return (audit.details?.items ?? []).flatMap((section) =>
    (section.value?.items ?? []).map((tool) => ({
      name: tool.tool,
      description: tool.description,
      inputSchema: tool.inputSchema,
    })),
  );
}

async function main() {
  const [origin, ...paths] = process.argv.slice(2);
  if (!origin || paths.length === 0) throw new Error('Usage: node agentic-browsing.mjs <origin> <path>...');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-lighthouse-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags, webMcpFlag],
    userDataDir: profile,
  });
  const report = {};
  try {
    for (const pathname of paths) {
      const { lhr } = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [category],
      });
      report[pathname] = {
        lighthouseVersion: lhr.lighthouseVersion,
        runWarnings: lhr.runWarnings,
        audits: lhr.categories[category].auditRefs.map(({ id }) => {
          const audit = lhr.audits[id];
          return {
            id,
            score: audit.score,
            scoreDisplayMode: audit.scoreDisplayMode,
            warnings: audit.warnings ?? [],
            explanation: audit.explanation,
            errorMessage: audit.errorMessage,
            ...(id === 'webmcp-registered-tools' ? { tools: registeredTools(audit) } : {}),
            // What a failing audit points at, to say why in the test's message.
            items: (audit.details?.items ?? []).slice(0, 5).map((item) => JSON.stringify(item).slice(0, 300)),
          };
        }),
      };
    }
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
