/** The entry types ARD's conformance suite knows; any other draws its warning. */
const standardType =
  /^(application\/(ai-catalog|(a2a-)?agent-card|mcp-server-card|ai-registry)\+json|application\/(agent-skills\+(zip|gzip)|ai-registry)|text\/markdown; profile="urn:air:agent-skills")$/;

const urn = /^urn:air:[\w.-]+(:[\w.:-]+)?:[\w.-]+$/;

type Json = Record<string, unknown>;

/** An entry's fields that break the rules, each a test of what the field must be. */
const entryRules: [string, (entry: Json) => unknown][] = [
  ['identifier', (entry) => urn.test(String(entry.identifier))],
  ['displayName', (entry) => entry.displayName],
  ['type', (entry) => standardType.test(String(entry.type))],
  ['url|data', (entry) => 'url' in entry !== 'data' in entry],
  [
    'representativeQueries',
    ({ representativeQueries: queries }) =>
      Array.isArray(queries) && queries.length > 1 && queries.length < 6 && queries.every((q) => typeof q === 'string'),
  ],
  ['trustManifest', (entry) => entry.trustManifest === undefined || (entry.trustManifest as Json)?.identity],
];

/**
 * Where a manifest breaks a rule of ARD's conformance suite (the rules Lighthouse's `ard-schema`
 * audit runs), as field paths; none for a manifest it passes without an error or a warning.
 */
export function ardProblems(text: string): string[] {
  let manifest: Json;
  try {
    manifest = JSON.parse(text) ?? {};
  } catch {
    return ['JSON'];
  }
  const { entries } = manifest;
  return [
    ...(manifest.specVersion === '1.0' ? [] : ['specVersion']),
    ...('collections' in manifest ? ['collections'] : []),
    ...(Array.isArray(entries)
      ? entries.flatMap((entry: Json, index) =>
          entryRules.filter(([, holds]) => !holds(entry ?? {})).map(([field]) => `entries[${index}].${field}`),
        )
      : ['entries']),
  ];
}
