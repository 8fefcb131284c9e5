/** Whether `key` is the canonical spelling of an index below `length` ("2", not "02" or "2.0"). */
function indexOf(key: string | symbol, length: number): number | undefined {
  if (typeof key !== 'string') return undefined;
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && index < length && String(index) === key ? index : undefined;
}

/**
 * An array of `length` items, each made by `make` when something first reads it. To a template it
 * is an array like any other (its size, a loop, a filter, Liquid's `first`), but one that reads only
 * its size makes none: the home page tells how many resources a site has, and at 50,000 making a
 * card of each for that was most of what re-rendering it cost.
 */
export function lazyList<Item>(length: number, make: (index: number) => Item): Item[] {
  const items = new Array<Item>(length);
  // Every trap makes the item first, then answers from the real array, so the proxy never reports
  // what its target does not hold.
  const ensure = (key: string | symbol) => {
    const index = indexOf(key, length);
    if (index !== undefined && !Object.hasOwn(items, index)) items[index] = make(index);
  };
  return new Proxy(items, {
    get(target, key, receiver) {
      ensure(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      ensure(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      ensure(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      for (let index = 0; index < length; index++) ensure(String(index));
      return Reflect.ownKeys(target);
    },
  });
}
