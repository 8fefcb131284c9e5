import v8 from 'node:v8';

/** How the default deserializer reads a typed array or Buffer (not in Node's type definitions). */
const readHostObject = (v8.DefaultDeserializer.prototype as unknown as { _readHostObject(): unknown })._readHostObject;

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
type TypedArrayType = new (buffer: ArrayBuffer, byteOffset: number, length: number) => TypedArray;

/** Typed arrays are copied into blocks of this size, so a pack of 100,000 parts makes dozens of buffers, not 200,000. */
const blockBytes = 1024 * 1024;

/**
 * Node's default deserializer gives each typed array as a view into the bytes it read, whenever they
 * are aligned: one array of a cache pack, even an empty one, then keeps the whole pack's bytes in
 * memory for as long as it lives. This one copies each into blocks of its own, next to each other.
 */
class OwningDeserializer extends v8.DefaultDeserializer {
  private block = new ArrayBuffer(0);
  private used = 0;

  constructor(private readonly input: Uint8Array) {
    super(input);
  }

  _readHostObject(): unknown {
    const read = readHostObject.call(this);
    if (!ArrayBuffer.isView(read) || read instanceof DataView) return read;
    const view = read as TypedArray;
    const Type = view.constructor as TypedArrayType & { BYTES_PER_ELEMENT: number };
    const bytes = view.byteLength;
    // An array that is most of the input (the search's merged postings) may keep it: copying 20 MB
    // to free the few bytes around it cost more than it saved. One the default deserializer copied
    // already (it was not aligned) owns its buffer, which a large one does not share.
    if (view.buffer === this.input.buffer ? bytes * 2 >= this.input.byteLength : bytes >= blockBytes) return view;
    // Aligned for the widest element, as a typed array's offset must be.
    let at = Math.ceil(this.used / 8) * 8;
    if (at + bytes > this.block.byteLength) {
      // A small pack's arrays fit in a block no larger than the pack.
      this.block = new ArrayBuffer(Math.max(Math.min(blockBytes, this.input.byteLength), bytes));
      at = 0;
    }
    new Uint8Array(this.block, at, bytes).set(new Uint8Array(view.buffer, view.byteOffset, bytes));
    this.used = at + bytes;
    return Buffer.isBuffer(view)
      ? Buffer.from(this.block, at, bytes)
      : new Type(this.block, at, bytes / Type.BYTES_PER_ELEMENT);
  }
}

/**
 * `v8.deserialize`, with no typed array of the result holding on to `bytes`. A cache's entries live
 * for a whole build: at 100,000 documents the parse cache's packs (540 MB) and the search parts'
 * packs (360 MB) stayed in memory as the backing store of arrays a few bytes long.
 */
export function deserializeOwning(bytes: Uint8Array): unknown {
  const deserializer = new OwningDeserializer(bytes);
  deserializer.readHeader();
  return deserializer.readValue();
}
