import { type Context, type Emitter, RenderTag } from 'liquidjs';

/** Past this many characters of outputs for plain arguments, that memo starts over: memory stays bounded. */
const defaultMaxChars = 8 * 1024 * 1024;

/** What liquidjs keeps of a `{% render %}` tag; not in its typings, so checked before use. */
interface RenderInternals {
  file?: unknown;
  with?: unknown;
  forBinding?: unknown;
  hash?: { render(context: Context): Generator<unknown, Record<string, unknown>, unknown> };
}

type Scalar = string | number | boolean | null | undefined;

const isScalar = (value: unknown): value is Scalar =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * Where a render's output is remembered: under its one object argument (by identity; it must be
 * frozen) and the spelling of the others, or under the spelling alone. Undefined when there is more
 * than one object, or an object that is not frozen.
 */
function placeOf(file: string, values: Record<string, unknown>): { object?: object; key: string } | undefined {
  let object: object | undefined;
  const spelled: string[] = [file];
  for (const [name, value] of Object.entries(values)) {
    if (isScalar(value)) spelled.push(`${name}=${value === undefined ? 'u' : JSON.stringify(value)}`);
    // Only a frozen object is the same for as long as it lives; a page's own data is not worth keeping anyway.
    else if (object || typeof value !== 'object' || !Object.isFrozen(value)) return undefined;
    else {
      object = value;
      spelled.push(`${name}=*`);
    }
  }
  return { ...(object ? { object } : {}), key: spelled.join('\0') };
}

/**
 * `{% render 'partial', name: value %}` that remembers its output per partial and arguments. A
 * rendered partial sees only its arguments (Liquid's `render`, unlike `include`, shares no
 * variables), and our filters are pure, so the same arguments give the same output. A frozen object
 * argument counts as the same while it is the same object: the listings hand out one frozen item per
 * document (listing-items.ts), so a resource listed on three tag pages is
 * rendered once. Outputs remembered under an object go when it does. `with` and `for` forms, and
 * renders with more than one object argument, render as usual.
 * One memo per Liquid instance: a changed template gets a new instance, and so a new memo.
 */
export function memoRenderTag({ maxChars = defaultMaxChars } = {}): typeof RenderTag {
  const byObject = new WeakMap<object, Map<string, string>>();
  const plain = new Map<string, string>();
  let plainChars = 0;
  return class MemoRenderTag extends RenderTag {
    override *render(context: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const internals = this as unknown as RenderInternals;
      if (
        typeof internals.file !== 'string' ||
        internals.with ||
        internals.forBinding ||
        !internals.hash ||
        typeof (emitter as { buffer?: unknown }).buffer !== 'string'
      ) {
        yield* super.render(context, emitter);
        return;
      }
      const place = placeOf(internals.file, (yield internals.hash.render(context)) as Record<string, unknown>);
      if (!place) {
        yield* super.render(context, emitter);
        return;
      }
      let outputs = plain;
      if (place.object) {
        let remembered = byObject.get(place.object);
        if (!remembered) {
          remembered = new Map();
          byObject.set(place.object, remembered);
        }
        outputs = remembered;
      }
      const known = outputs.get(place.key);
      if (known !== undefined) {
        emitter.write(known);
        return;
      }
      // Rendered apart, then copied in: slicing the page's buffer would flatten it at every call.
      const capture = new (emitter.constructor as new () => Emitter)();
      yield* super.render(context, capture);
      const output = (capture as { buffer?: unknown }).buffer;
      emitter.write(output);
      if (typeof output !== 'string') return;
      if (!place.object) {
        plainChars += place.key.length + output.length;
        if (plainChars > maxChars) {
          plain.clear();
          plainChars = place.key.length + output.length;
        }
      }
      outputs.set(place.key, output);
    }
  };
}
