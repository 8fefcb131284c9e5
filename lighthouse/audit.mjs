#!/usr/bin/env node
// Run by `npm run lighthouse` (scripts/lighthouse.mjs) on Node 22 or newer: Lighthouse's SEO and
// accessibility scores, and its agentic-browsing llms.txt audit, for the home page and one resource
// page of content/. The site is built for the exact origin it is served from, so canonical URLs and
// links agree with the address Lighthouse loads. Not part of `npm test`: it takes a minute, and it
// judges scores rather than behaviour.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';
import { chromiumFlags } from '../scripts/chromium-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'bin', 'agentdir.js');
// agentdir itself runs on the Node that started `npm run lighthouse`, as a user's would.
const agentdirNode = process.env.AGENTDIR_NODE ?? process.execPath;
const chromiumPath = '/usr/bin/chromium';
const targets = { seo: 100, accessibility: 95 };
const pages = [
  ['home', '/'],
  ['resource', '/resources/getting-started'],
];
const llmsTxtAudit = 'llms-txt';

/** A port nothing listens on now; the server takes it a moment later. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function buildSite(out, origin) {
  const result = spawnSync(
    agentdirNode,
    [cli, 'build', path.join(root, 'content'), '--out', out, '--base-url', origin],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`agentdir build failed with exit code ${result.status}`);
}

/** `agentdir serve` on a fixed port; resolves once it prints its address. */
function serve(dist, port) {
  const child = spawn(
    agentdirNode,
    [cli, 'serve', dist, '--port', String(port), '--keys-file', path.join(dist, '..', 'keys.json')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`agentdir serve did not start: ${output}`)), 15_000);
    const collect = (chunk) => {
      output += chunk.toString();
      if (output.includes(`127.0.0.1:${port}/`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`agentdir serve exited with ${code}: ${output}`)));
  });
}

/** Audits of a category that did not pass, as `id: title`, with the first few things they point at. */
function failedAudits(lhr, categoryId) {
  const where = (item) => (item.line ? `${item.line} (${item.message})` : (item.node?.snippet ?? item.url ?? ''));
  return lhr.categories[categoryId].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) =>
      [
        `${audit.id}: ${audit.title}`,
        ...(audit.details?.items ?? [])
          .slice(0, 3)
          .map(where)
          .filter(Boolean)
          .map((text) => `  at ${text}`),
      ].join('\n      '),
    );
}

async function main() {
  if (!fs.existsSync(chromiumPath))
    throw new Error(
      `Lighthouse runs Debian's chromium at ${chromiumPath}: install it with \`apt-get install -y chromium\`.`,
    );
  const hasLlmsTxtAudit = (defaultConfig.audits ?? []).some((audit) =>
    (typeof audit === 'string' ? audit : 'path' in audit ? audit.path : '').endsWith(llmsTxtAudit),
  );
  const categories = [
    'seo',
    'accessibility',
    ...(hasLlmsTxtAudit && defaultConfig.categories?.['agentic-browsing'] ? ['agentic-browsing'] : []),
  ];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server;
  let chrome;
  let missed = false;
  try {
    buildSite(path.join(work, 'dist'), origin);
    server = await serve(path.join(work, 'dist'), port);
    // A new, empty profile folder: --user-data-dir of the flags above.
    const profile = path.join(work, 'profile');
    fs.mkdirSync(profile);
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumFlags,
      userDataDir: profile,
    });
    console.log(`Lighthouse against ${origin} (the site is built with --base-url ${origin})`);
    for (const [name, pathname] of pages) {
      const result = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const { lhr } = result;
      console.log(`\n${name} page (${pathname}), Lighthouse ${lhr.lighthouseVersion}`);
      for (const [id, target] of Object.entries(targets)) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const met = score >= target;
        missed ||= !met;
        console.log(
          `  ${lhr.categories[id].title.padEnd(14)} ${String(score).padStart(3)}  (target ${target}${met ? ', met' : ', MISSED'})`,
        );
        for (const failure of failedAudits(lhr, id)) console.log(`    not passed: ${failure}`);
      }
      const audit = lhr.audits[llmsTxtAudit];
      if (!audit) {
        console.log(`  llms.txt audit  this Lighthouse version has no \`${llmsTxtAudit}\` audit`);
      } else {
        const passed = audit.score === 1 && audit.scoreDisplayMode !== 'notApplicable';
        missed ||= !passed;
        console.log(
          `  llms.txt audit  ${passed ? 'passed' : 'NOT PASSED'}: ${audit.title}${audit.explanation ? ` (${audit.explanation})` : ''}`,
        );
      }
    }
  } finally {
    chrome?.kill();
    server?.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (missed) {
    console.log('\nSome targets were missed (see above).');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
