import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { expect, it, vi } from 'vitest';
import { printWorkerdOutput, workerdStderrFilter } from '../helpers/workerd-output.js';

// What workerd writes to stderr, as Miniflare hands it over (a stack line follows each internal error).
const stack =
  'stack: /node_modules/@cloudflare/workerd-linux-64/bin/workerd@51f50be /node_modules/@cloudflare/workerd-linux-64/bin/workerd@51f5bb0; sentryErrorContext = jsgInternalError; wdErrId = 5jeenqqbqoiglmsm5dpp24h9';
const dnsFailure = (host: string) =>
  `workerd/jsg/util.c++:405: error: e = kj/async-io-unix.c++:1298: failed: DNS lookup failed.; params.host = ${host}; params.service = ; gai_strerror(status) = Name or service not known`;
const otherError =
  'workerd/jsg/util.c++:405: error: e = kj/filesystem.c++:319: failed: expected parts.size() > 0 [0 > 0]; can\'t use ".." to break out of starting directory';

it('leaves the DNS failures of names that never resolve, and their stacks, out of the test log', () => {
  const keep = workerdStderrFilter();
  const lines = [
    dnsFailure('unreachable.invalid'),
    stack,
    dnsFailure('rebind.example'),
    stack,
    dnsFailure('site.test'),
    stack,
    'service core:user:: Uncaught Error: the worker threw',
    dnsFailure('docs.acme.com'),
    stack,
    otherError,
    stack,
    'stack: a line of its own after one that was kept',
  ];
  expect(lines.filter(keep)).toEqual([
    'service core:user:: Uncaught Error: the worker threw',
    dnsFailure('docs.acme.com'),
    stack,
    otherError,
    stack,
    'stack: a line of its own after one that was kept',
  ]);
});

it("prints every other line of workerd's stdout and stderr", async () => {
  const printed = { stdout: [] as string[], stderr: [] as string[] };
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => printed.stdout.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => printed.stderr.push(line));
  try {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    printWorkerdOutput(stdout, stderr);
    stdout.end('a console.log of the worker\n');
    stderr.end(`${dnsFailure('unreachable.invalid')}\n${stack}\n${otherError}\n${stack}\n`);
    await Promise.all([once(stdout, 'end'), once(stderr, 'end')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(printed).toEqual({ stdout: ['a console.log of the worker'], stderr: [otherError, stack] });
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
});
