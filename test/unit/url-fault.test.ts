import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from '../../src/compile/option-problems.js';
import { urlFault } from '../../src/util/url-fault.js';

describe('the rules a configured URL follows', () => {
  it.each([
    ['https://docs.example.com', null],
    ['http://127.0.0.1:8787', null],
    ['http://[::1]:8787/docs', null],
    ['https://t.example:65535/', null],
    ['https://t.example:99999/', 'port'],
    ['https://t.example:0', 'port'],
    ['http://[::1]:70000', 'port'],
    ['https://user:pw@t.example/', 'credentials'],
    ['https://user@t.example/', 'credentials'],
    ['https://t.example/?', 'query'],
    ['https://t.example/?a=1#b', 'query'],
    ['https://t.example/#', 'fragment'],
    ['ftp://t.example/', 'scheme'],
    ['docs.example.com', 'not-url'],
  ])('%s: %s', (value, fault) => {
    expect(urlFault(value)).toBe(fault);
  });

  it('lets a link carry a query and a fragment, but never credentials or a bad port', () => {
    const link = { allowQueryAndFragment: true };
    expect(urlFault('https://shop.example/buy?tier=corpus#plans', link)).toBeNull();
    expect(urlFault('https://a:b@shop.example/buy', link)).toBe('credentials');
    expect(urlFault('https://shop.example:99999/buy', link)).toBe('port');
  });

  it('are the rules of --base-url', () => {
    expect(baseUrlProblem('https://t.example:99999')?.code).toBe('InvalidOption');
    expect(baseUrlProblem('https://t.example/?')?.code).toBe('InvalidOption');
    expect(baseUrlProblem('https://t.example/docs')).toBeNull();
  });
});
