import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './fixtures.js';

/** One finding of the ARD conformance tester: the entry it concerns and what is wrong. */
export interface ArdFinding {
  element: string;
  message: string;
}

/**
 * The ARD conformance tester that Lighthouse's `ard-schema` audit runs: its JavaScript port of the
 * ARD project's conformance suite, from the Lighthouse that lighthouse/package.json pins. Judging
 * with the judge's own code keeps the manifest from passing a copy of the rules and failing the audit.
 */
export async function ardConformance(manifest: string): Promise<{ errors: ArdFinding[]; warnings: ArdFinding[] }> {
  const module = path.join(repoRoot, 'lighthouse/node_modules/lighthouse/third-party/ard/ard.js');
  if (!fs.existsSync(module))
    throw new Error(
      `The ARD conformance tester is not installed (${module}). Run \`npm ci --prefix lighthouse\` first.`,
    );
  const { ConformanceTester } = (await import(pathToFileURL(module).href)) as {
    ConformanceTester: new () => {
      errors: ArdFinding[];
      warnings: ArdFinding[];
      validate_manifest(raw: string, label: string): boolean;
    };
  };
  const tester = new ConformanceTester();
  tester.validate_manifest(manifest, 'ard.json');
  return { errors: tester.errors, warnings: tester.warnings };
}
