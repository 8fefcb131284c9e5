import type { PremiumSentence } from '../build/premium-guard.js';
import { modelWithout } from '../build/output-reuse.js';
import type { EmitContext } from '../emit/context.js';

/** What the last good build leaves in memory so an edit of one body can be answered without a build. */
export interface EditSession {
  context: EmitContext;
  sentences: PremiumSentence[];
}

const bodies = new Set(['body']);

/**
 * The session of a build: its context without the documents' bodies. An edit renders only the
 * edited documents, whose bodies it reads from their files, and pages that list others show their
 * metadata; 50,000 bodies held between builds were 400 MB, and twice that while the next build ran.
 */
export function editSession(context: EmitContext, sentences: PremiumSentence[]): EditSession {
  return {
    context: {
      ...context,
      model: modelWithout(context.model, bodies, 'A page answered from memory', 'the edit is built instead'),
    },
    sentences,
  };
}
