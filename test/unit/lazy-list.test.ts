import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { lazyList } from '../../src/emit/helpers/lazy-list.js';

/** A list of `length` items that counts the items it made. */
function counted(length: number) {
  const made: number[] = [];
  const list = lazyList(length, (index) => {
    made.push(index);
    return { title: `Resource ${index}` };
  });
  return { list, made };
}

const liquid = new Liquid({ strictFilters: true });

describe('a list made as it is read', () => {
  it('tells its size to a template without making an item', () => {
    const { list, made } = counted(50_000);
    expect(liquid.parseAndRenderSync('{{ resources.size }} resources', { resources: list })).toBe('50000 resources');
    expect(made).toEqual([]);
  });

  it('makes only the items a template reads', () => {
    const { list, made } = counted(1000);
    expect(
      liquid.parseAndRenderSync('{{ resources.first.title }}, {{ resources[2].title }}', { resources: list }),
    ).toBe('Resource 0, Resource 2');
    expect(made).toEqual([0, 2]);
  });

  it('is an array to loops and filters, each item made once', () => {
    const { list, made } = counted(4);
    const template =
      '{% for resource in resources limit: 2 %}{{ resource.title }};{% endfor %} {{ resources | map: "title" | join: "," }} {{ resources | last | map: "title" }}';
    expect(liquid.parseAndRenderSync(template, { resources: list })).toBe(
      'Resource 0;Resource 1; Resource 0,Resource 1,Resource 2,Resource 3 Resource 3',
    );
    expect(made).toEqual([0, 1, 2, 3]);
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((item) => item.title)).toEqual(['Resource 0', 'Resource 1', 'Resource 2', 'Resource 3']);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3']);
    expect(JSON.stringify([...list])).toBe(JSON.stringify(list));
  });

  it('has nothing past its end, and no index spelled otherwise', () => {
    const { list, made } = counted(3);
    expect(list[3]).toBeUndefined();
    expect(5 in list).toBe(false);
    expect((list as unknown as Record<string, unknown>)['01']).toBeUndefined();
    expect(made).toEqual([]);
  });
});
