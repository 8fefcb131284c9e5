import { errorCodes, RpcError } from './rpc-error.js';
import { publicPaths } from '../../shared/public-paths.js';
import type { ToolContext } from './tool.js';

interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

interface Prompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  render(args: Record<string, string>, context: ToolContext): Promise<string>;
}

interface LearningPaths {
  paths: {
    id: string;
    title: string;
    description?: string;
    steps: { position: number; slug: string; title: string; premium: boolean; markdown: string }[];
  }[];
}

const prompts: Prompt[] = [
  {
    name: 'explain-resource',
    title: 'Explain a resource',
    description: 'Ask for a practical explanation of one resource of the directory, grounded in its text.',
    arguments: [
      { name: 'slug', description: 'The resource slug.', required: true },
      {
        name: 'audience',
        description: 'Who the explanation is for (default: an engineer building agents).',
        required: false,
      },
    ],
    async render(args, context) {
      const markdownUrl = `${context.data.site.url}${publicPaths.resourceMarkdown(args.slug!)}`;
      return [
        `Explain the resource "${args.slug}" from ${context.data.site.name} for ${args.audience || 'an engineer building AI agents'}.`,
        `Read it first with the get_resource tool (slug "${args.slug}") or at ${markdownUrl}.`,
        'Cover what it is, when it matters, the key decisions it describes, and the pitfalls. Quote the resource where precision matters and cite its Verified sources. If the resource is premium and you have no key, say so and summarize only its preview.',
      ].join('\n\n');
    },
  },
  {
    name: 'walk-learning-path',
    title: 'Walk a learning path',
    description: 'Turn one of the curated learning paths into a step-by-step study plan.',
    arguments: [{ name: 'path', description: 'The learning path id (see /api/paths.json).', required: true }],
    async render(args, context) {
      const learningPaths = await context.site.json<LearningPaths>(publicPaths.paths);
      const learningPath = learningPaths.paths.find((entry) => entry.id === args.path);
      if (!learningPath)
        throw new RpcError(
          errorCodes.invalidParams,
          `Unknown learning path "${args.path}". Known: ${learningPaths.paths.map((entry) => entry.id).join(', ')}.`,
        );
      const steps = learningPath.steps
        .map(
          (step) => `${step.position}. ${step.title}${step.premium ? ' (premium: needs a key)' : ''}: ${step.markdown}`,
        )
        .join('\n');
      return `Guide me through the learning path "${learningPath.title}"${learningPath.description ? ` (${learningPath.description})` : ''}, one step at a time.\n\n${steps}\n\nFor each step: read it (get_resource), give the three ideas to retain and one exercise, then ask before moving on.`;
    },
  },
  {
    name: 'answer-from-directory',
    title: 'Answer from the directory',
    description: "Answer a question using only the directory's resources and guides, with citations.",
    arguments: [{ name: 'question', description: 'The question to answer.', required: true }],
    async render(args, context) {
      return `Answer this question using ${context.data.site.name}: "${args.question}"\n\nUse the search tool to find the best resources and guides, read the top results (get_resource, get_article), and answer with citations to their URLs. Say plainly when the directory does not cover something.`;
    },
  },
];

export function listPromptsMethod() {
  return {
    prompts: prompts.map(({ name, title, description, arguments: promptArguments }) => ({
      name,
      title,
      description,
      arguments: promptArguments,
    })),
  };
}

export async function getPromptMethod(params: Record<string, unknown>, context: ToolContext) {
  const prompt = prompts.find((candidate) => candidate.name === params.name);
  if (!prompt)
    throw new RpcError(
      errorCodes.invalidParams,
      `Unknown prompt "${String(params.name)}". Known: ${prompts.map((candidate) => candidate.name).join(', ')}.`,
    );
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  if (typeof args !== 'object' || args === null)
    throw new RpcError(errorCodes.invalidParams, '`arguments` must be an object of strings.');
  for (const argument of prompt.arguments) {
    const value = args[argument.name];
    if (argument.required && (typeof value !== 'string' || !value))
      throw new RpcError(errorCodes.invalidParams, `Prompt "${prompt.name}" needs the argument \`${argument.name}\`.`);
    if (value !== undefined && typeof value !== 'string')
      throw new RpcError(errorCodes.invalidParams, `Argument \`${argument.name}\` must be a string.`);
  }
  if (args.slug !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(String(args.slug)))
    throw new RpcError(errorCodes.invalidParams, 'Argument `slug` must be a lowercase kebab-case slug.');
  const text = await prompt.render(args as Record<string, string>, context);
  return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
