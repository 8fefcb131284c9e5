import { createProblem, type Problem, type ProblemArgs } from '../errors/problem.js';
import { isEpochSeconds } from '../util/epoch-date.js';
import { urlFault } from '../util/url-fault.js';

/** A problem with a command-line option, in the shape of content problems: the option stands where a file would. */
export function optionProblem(args: ProblemArgs<'InvalidOption'>): Problem {
  return createProblem('InvalidOption', args, { file: args.option, field: args.option });
}

/** `--base-url` must be what every absolute URL of the site starts with: an http(s) URL with a host (src/util/url-fault.ts). */
export function baseUrlProblem(value: string | undefined): Problem | null {
  if (value === undefined || !urlFault(value)) return null;
  // A bare host name (docs.example.com) is most likely the site's address without its scheme.
  const hostLike = /^[\w.-]+\.[a-z]{2,}(?::\d+)?(?:\/|$)/i.test(value);
  return optionProblem({ option: '--base-url', value, hostLike });
}

/**
 * SOURCE_DATE_EPOCH, when set, dates the build: whole seconds since 1970 that name a day up to the
 * year 9999. Anything else is refused rather than ignored, so a typo in CI cannot go unnoticed.
 */
export function sourceDateEpochProblem(value: string | undefined): Problem | null {
  if (!value || isEpochSeconds(value)) return null;
  return createProblem(
    'InvalidEnvironment',
    { variable: 'SOURCE_DATE_EPOCH', value },
    { file: 'SOURCE_DATE_EPOCH', field: 'SOURCE_DATE_EPOCH' },
  );
}

/** The options every build and validation is given, checked before any work: `--base-url`, then SOURCE_DATE_EPOCH. */
export function buildOptionsProblem(options: { baseUrl?: string; sourceDateEpoch?: string }): Problem | null {
  return baseUrlProblem(options.baseUrl) ?? sourceDateEpochProblem(options.sourceDateEpoch);
}
