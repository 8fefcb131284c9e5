import { describe, expect, it } from 'vitest';
import { checkFeedback } from '../../src/worker/routes/feedback.js';
import type { WorkerData } from '../../src/shared/worker-data.js';

const data = { site: { name: 'Site', url: 'https://site.example' } } as WorkerData;
const check = (body: unknown) => checkFeedback(body, data, 'http://127.0.0.1:8787/api/feedback');

describe('feedback: what an agent may post', () => {
  it('takes a path or a URL of the site (or of the origin asked) as the page, stored as a path', () => {
    for (const page of ['/resources/x', 'https://site.example/resources/x', 'http://127.0.0.1:8787/resources/x'])
      expect(check({ page, rating: 'helpful' })).toMatchObject({ ok: true, feedback: { page: '/resources/x' } });
  });

  it('turns a score into a rating: 4-5 helpful, 1-2 not, 3 neither', () => {
    expect(check({ page: '/', score: 5 })).toMatchObject({ feedback: { rating: 'helpful', score: 5 } });
    expect(check({ page: '/', score: 1 })).toMatchObject({ feedback: { rating: 'not-helpful', score: 1 } });
    expect(check({ page: '/', score: 3 })).toMatchObject({ feedback: { rating: null, score: 3 } });
  });

  it.each([
    [{ page: '/', rating: 'helpful', mood: 'good' }, 'unknown_field', '`mood`'],
    [{ rating: 'helpful' }, 'invalid_field', '`page`'],
    [{ page: 'https://elsewhere.example/x', rating: 'helpful' }, 'invalid_field', '`page`'],
    [{ page: '//elsewhere.example/x', rating: 'helpful' }, 'invalid_field', '`page`'],
    [{ page: '/', rating: 'great' }, 'invalid_field', '`rating`'],
    [{ page: '/', score: 6 }, 'invalid_field', '`score`'],
    [{ page: '/', score: 4.5 }, 'invalid_field', '`score`'],
    [{ page: '/' }, 'invalid_field', '`rating`'],
    [{ page: '/', rating: 'helpful', comment: 'x'.repeat(2001) }, 'invalid_field', '`comment`'],
    [{ page: '/', rating: 'helpful', agent: 42 }, 'invalid_field', '`agent`'],
    [['/'], 'invalid_field', 'JSON object'],
  ])('refuses %j with %s naming %s', (body, error, named) => {
    const checked = check(body);
    expect(checked).toMatchObject({ ok: false, error });
    expect(checked.ok ? '' : checked.message).toContain(named);
  });
});
