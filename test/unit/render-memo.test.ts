import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { memoRenderTag } from '../../src/templates/render-memo.js';

/** Two engines over the same templates, one with the memo; `renders` counts how often the partial ran. */
function engines(templates: Record<string, string>, options?: Parameters<typeof memoRenderTag>[0]) {
  const counts = { plain: 0, memo: 0 };
  const make = (name: keyof typeof counts) => {
    const liquid = new Liquid({ templates, outputEscape: 'escape', strictFilters: true });
    liquid.registerFilter('counted', (value: unknown) => {
      counts[name]++;
      return value;
    });
    if (name === 'memo') liquid.registerTag('render', memoRenderTag(options));
    return liquid;
  };
  const plain = make('plain');
  const memo = make('memo');
  return {
    counts,
    render: (template: string, data: Record<string, unknown>) => {
      const expected = plain.renderSync(plain.parse(template), data) as string;
      const actual = memo.renderSync(memo.parse(template), data) as string;
      expect(actual).toBe(expected);
      return actual;
    },
  };
}

const item = (title: string, tags: string[] = []) =>
  Object.freeze({ title, href: `/r/${title}`, tags, premium: false });

describe('the remembered {% render %}', () => {
  it('renders a partial once per object and spelling of the other arguments, with output equal to rendering it each time', () => {
    const { counts, render } = engines({
      item: '<li>{{ resource.title | counted }} <{{ level }}>{% for tag in resource.tags %}#{{ tag }}{% endfor %}</li>',
    });
    const shared = item('a<b', ['x', 'y']);
    // The same object three times, and an equal but distinct one: content is not trusted, identity is.
    const items = [shared, item('c'), shared, item('a<b', ['x', 'y'])];
    const output = render(
      "{% for r in items %}{% render 'item', resource: r, level: 2 %}{% render 'item', resource: r, level: 3 %}{% endfor %}{% for r in items %}{% render 'item', resource: r, level: 2 %}{% endfor %}",
      { items },
    );
    expect(output).toContain('<li>a&lt;b <2>#x#y</li>');
    // Twelve renders; three distinct objects at two levels.
    expect(counts).toEqual({ plain: 12, memo: 6 });
  });

  it('tells apart scalar arguments that differ in the smallest way: missing, null, a number, the same number as text', () => {
    const { counts, render } = engines({ show: '[{{ value | counted }}|{{ label }}]' });
    const values = [undefined, null, 1, '1', true, 'true'];
    render(
      "{% for v in values %}{% render 'show', value: v %}{% render 'show', value: v %}{% render 'show', value: v, label: 'x' %}{% endfor %}",
      { values },
    );
    expect(counts.memo).toBe(values.length * 2);
    expect(counts.plain).toBe(values.length * 3);
  });

  it('renders every time what it cannot vouch for: an object not frozen, two object arguments, `with` and `for`', () => {
    const { counts, render } = engines({ show: '{{ value.title | counted }}{{ other.title }}' });
    const page = item('p');
    render(
      "{% render 'show', value: loose %}{% render 'show', value: loose %}{% render 'show', value: page, other: page %}{% render 'show', value: page, other: page %}{% render 'show' with page as value %}{% render 'show' with page as value %}{% render 'show' for pages as value %}{% render 'show' for pages as value %}",
      { page, loose: { title: 'loose' }, pages: [page, page] },
    );
    expect(counts.memo).toBe(counts.plain);
    expect(counts.plain).toBe(10);
  });

  it('starts over when the outputs of scalar arguments pass its bound, and stays correct', () => {
    const { counts, render } = engines({ show: '{{ value | counted }}' }, { maxChars: 100 });
    const values = Array.from({ length: 20 }, (_, index) => `value-${index}`);
    render(
      "{% for v in values %}{% render 'show', value: v %}{% endfor %}{% for v in values %}{% render 'show', value: v %}{% endfor %}",
      { values },
    );
    // The bound holds a few entries: most of the second pass renders again, all of it correctly.
    expect(counts.plain).toBe(40);
    expect(counts.memo).toBeGreaterThan(30);
  });
});
