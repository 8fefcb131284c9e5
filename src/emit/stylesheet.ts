import type { EmitContext } from './context.js';
import { hashedAsset, type HashedAsset } from './helpers/hashed-asset.js';
import type { OutputFile } from './output.js';

const built = new WeakMap<EmitContext, HashedAsset>();

/** The one stylesheet of every page: `site.css` from the user's templates folder, else the built-in. */
export function stylesheet(context: EmitContext): HashedAsset {
  let asset = built.get(context);
  if (!asset) {
    asset = hashedAsset('site', 'css', context.pages.readAsset('site.css'));
    built.set(context, asset);
  }
  return asset;
}

export function emitStylesheet(context: EmitContext): OutputFile[] {
  const { path, content } = stylesheet(context);
  return [{ path, content }];
}
