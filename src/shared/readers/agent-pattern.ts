// One entry of the crawler list as the worker uses it: made at build time from the installed
// `crawler-user-agents` package (src/readers/agent-patterns.ts), matched against each request's user
// agent (src/worker/readers/classify-reader.ts).

export interface AgentPattern {
  /** The list's regular expression, case-sensitive, as the list writes it. */
  pattern: string;
  /** A readable agent name, fixed at build time (`GPTBot`, `ClaudeBot`), so one agent is one name however its user agent is spelled. */
  name: string;
  /** The registrable domain of who runs it (`openai.com`), null when the list does not say. */
  operator: string | null;
  kind: 'ai-agent' | 'crawler';
}
