import type { PremiumSentence } from '../compile/premium-guard.js';
import { modelWithout } from '../compile/output-reuse.js';
import type { EmitContext } from '../emit/context.js';
import { withoutHtml } from '../markdown/stored-markdown.js';

/** What the last good build leaves in memory so an edit of one body can be answered without a build. */
export interface EditSession {
  context: EmitContext;
  sentences: PremiumSentence[];
  /** Where each resource file is in `context.model.resources`: an edit looks one up, not every one. */
  positions: Map<string, number>;
}

const bodies = new Set(['body']);

/**
 * The session of a build: its context without the documents' bodies and body HTML. An edit renders
 * only the edited documents (and the guides citing them), whose bodies it reads from their files,
 * and pages that list others show their metadata. At 50,000 resources the bodies held between
 * builds were 400 MB and the HTML of a session loaded from the parse cache 350 MB, and twice that
 * while the next build ran.
 */
export function editSession(context: EmitContext, sentences: PremiumSentence[]): EditSession {
  const model = modelWithout(context.model, bodies, 'A page answered from memory', 'the edit is built instead');
  for (const document of [...model.resources, ...model.articles]) document.rendered = withoutHtml(document.rendered);
  const positions = new Map(model.resources.map((resource, index) => [resource.file, index]));
  return { context: { ...context, model }, sentences, positions };
}
