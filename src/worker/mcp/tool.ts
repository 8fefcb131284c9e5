import type { McpToolName } from '../../shared/mcp.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import type { SiteAssets } from '../site-assets.js';
import type { JsonSchema } from './json-schema.js';

export interface ToolContext {
  site: SiteAssets;
  data: WorkerData;
  env: WorkerEnv;
  /** The key from this request's Authorization: Bearer or x-api-key header, if any. */
  requestKey: string | null;
  /** What the readers database records about this request: the method, tool and search, the access given. */
  notes: RequestNotes;
  /** Waits for `work` on the network (an x402 facilitator) without holding the request's answer budget meanwhile. */
  awaitNetwork<T>(work: Promise<T>): Promise<T>;
}

/** What a request brings to the tools before it holds any answer budget. */
export type RequestContext = Omit<ToolContext, 'awaitNetwork'>;

export interface ToolOutput {
  structured: Record<string, unknown>;
  /** A short readable summary for the text content block; the JSON itself follows it. */
  summary: string;
  /** A tool execution error that still has structured content (an x402 PaymentRequired). */
  isError?: boolean;
  /** The result's `_meta` (an x402 settlement receipt). */
  meta?: Record<string, unknown>;
}

/** A `tools/call` request's `params._meta`, as the tool sees it. */
export type RequestMeta = Record<string, unknown>;

/** A tool's arguments were well-formed but named something that does not exist: an `isError` result naming the field. */
export class ToolArgumentError extends Error {
  override readonly name = 'ToolArgumentError';
}

export interface Tool {
  /** One of the names the server card publishes: tools/index.ts has one tool per name. */
  name: McpToolName;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  run(args: Record<string, unknown>, context: ToolContext, meta?: RequestMeta): Promise<ToolOutput>;
}
