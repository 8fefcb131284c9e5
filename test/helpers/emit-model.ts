import { createEmitContext } from '../../src/compile/build.js';
import { emitters } from '../../src/emit/index.js';
import type { ContentModel } from '../../src/content/model.js';
import { contentText } from '../../src/emit/output.js';
import { testEpoch } from './build-fixture.js';

/**
 * Every file the emitters make of `model`, path -> text, without the checks a build runs first: how
 * a model that never went through validation (a programmatic caller, a future field) is written.
 */
export function emitModel(model: ContentModel): Map<string, string> {
  const context = createEmitContext(model, testEpoch);
  const files = new Map<string, string>();
  for (const { emit } of emitters)
    for (const file of emit(context)) {
      const text = contentText(file);
      for (const target of [file.path, ...(file.copies ?? [])]) files.set(target, text);
    }
  return files;
}
