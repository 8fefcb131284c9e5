import { build } from '../build/build.js';
import type { ProblemFormat } from '../errors/format.js';
import { displayPath } from '../util/paths.js';
import { printProblems } from './print-problems.js';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export async function buildCommand(
  contentDir: string,
  options: { out: string; baseUrl?: string; format: ProblemFormat; quiet?: boolean },
): Promise<number> {
  const started = performance.now();
  const result = await build({
    contentDir,
    outDir: options.out,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(process.env.SOURCE_DATE_EPOCH ? { sourceDateEpoch: process.env.SOURCE_DATE_EPOCH } : {}),
  });
  printProblems(result.problems, options.format);
  if (!result.ok) {
    process.stderr.write(`Build stopped: fix the errors above. ${displayPath(result.outDir)} was left as it was.\n`);
    return 1;
  }
  if (!options.quiet) {
    const bytes = result.files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    process.stdout.write(
      `Built ${result.resources} resources and ${result.articles} articles into ${displayPath(result.outDir)}/ (${result.files.length} files, ${(bytes / 1024).toFixed(0)} KiB) in ${seconds}s.\n` +
        `Worker: ${kib(result.worker!.codeBytes)} KiB of code (budget 64 KiB) + ${kib(result.worker!.dataBytes)} KiB of premium data.\n` +
        `Agent readiness: ${result.grade!.score}/100 (${result.grade!.grade})${result.grade!.recommendations.length ? `; to improve: ${result.grade!.recommendations.map((item) => item.action).join(' ')}` : ''}.\n`,
    );
  }
  return 0;
}
