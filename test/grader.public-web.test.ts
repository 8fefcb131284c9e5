import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir } from './helpers/fixtures.js';
import { freePort } from './helpers/free-port.js';
import { gradeCliWith } from './helpers/grade-cli.js';
import { publicWebEnv } from './helpers/public-web.js';
import { startServe, type Runtime } from './helpers/runtimes.js';

// The compiled CLI grades a public host name, through its bundled HTTP client and its address checks,
// with the system's DNS and sockets played offline by test/helpers/public-web.mjs.
const host = 'docs.agentdir-fixture.org';
const publicAddress = '93.184.215.14';
let serve: Runtime & { url: string };

beforeAll(async () => {
  const { outDir } = await buildFixture(path.join(fixturesDir, 'minimal'), undefined, { baseUrl: `http://${host}` });
  serve = await startServe(outDir, path.join(outDir, 'no-keys.json'));
});
afterAll(() => serve?.close());

describe('agentdir grade <public url>', () => {
  it('grades a public host name through the bundled client, which connects only after the address check', async () => {
    const web = {
      hosts: { [host]: publicAddress },
      routes: { [`${publicAddress}:80`]: Number(new URL(serve.url).port) },
    };
    const result = await gradeCliWith(publicWebEnv(web), `http://${host}/`, '--format', 'json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.url).toBe(`http://${host}/`);
    expect(report.checks.map((check: { details: string }) => check.details).join('\n')).not.toMatch(/unreachable/);
    expect(report.score).toBe(100);
  });

  it('refuses a public name that resolves to a private address, through the same client', async () => {
    const web = { hosts: { [host]: '10.1.2.3' }, routes: { '10.1.2.3:80': Number(new URL(serve.url).port) } };
    const result = await gradeCliWith(publicWebEnv(web), `http://${host}/`, '--format', 'json');
    const report = JSON.parse(result.stdout);
    expect(report.score).toBe(0);
    expect(report.checks[0].details).toContain('refused: the host resolves to 10.1.2.3');
  });

  it('with no network, says no request reached the site and exits 1, never with a TypeError', async () => {
    const result = await gradeCliWith(publicWebEnv({ offline: true }), `https://${host}/`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `Cannot grade https://${host}/: no request reached it (getaddrinfo EAI_AGAIN ${host})`,
    );
    expect(result.stderr).toContain('hint: Check the URL, and that this machine can reach it');
    expect(result.stderr).not.toMatch(/TypeError|is not a function|\n\s+at /);
  });

  it('says so when the host answers an address where nothing listens', async () => {
    const closed = await freePort();
    const web = { hosts: { [host]: publicAddress }, routes: { [`${publicAddress}:80`]: closed } };
    const result = await gradeCliWith(publicWebEnv(web), `http://${host}/`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ECONNREFUSED');
  });
});
