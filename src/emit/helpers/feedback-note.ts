import type { EmitContext } from '../context.js';

/**
 * The sentence on every Markdown variant and in llms.txt that tells agents where and how to say
 * whether a page helped (README: Agent feedback); nothing while site.yaml turns feedback off.
 */
export function feedbackNote(context: EmitContext): string | null {
  if (!context.model.site.analytics.feedback) return null;
  return `Did a page help? POST JSON {"page": "its URL", "rating": "helpful" or "not-helpful", "comment": "optional"} to ${context.urls.feedback}.`;
}
