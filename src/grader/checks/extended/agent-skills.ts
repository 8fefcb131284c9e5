import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';

/** Artifacts whose digest is checked: a site with more skills is judged on its first ones. */
const maxArtifacts = 4;

const v2Schema = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `sha256:${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

interface SkillEntry {
  name?: unknown;
  url?: unknown;
  digest?: unknown;
}

/** The Agent Skills Discovery index (RFC v0.2.0): each skill it lists is served, as the bytes its digest names. */
export const agentSkillsCheck: Check = {
  id: 'agent-skills',
  title: 'Agent skills, each as its digest says',
  weight: 6,
  action: `Publish ${publicPaths.agentSkillsIndex} (Agent Skills Discovery v0.2.0) listing each skill with the sha256 digest of the file served at its url.`,
  async run(context) {
    const path = publicPaths.agentSkillsIndex;
    const page = await context.fetch(path, { accept: 'application/json' });
    let index: { $schema?: unknown; skills?: unknown } = {};
    try {
      index = JSON.parse(page.text) ?? {};
    } catch {
      /* an index that does not parse lists nothing */
    }
    if (page.status !== 200) return { fraction: 0, details: `${path} ${failure(page)}.` };
    const skills = Array.isArray(index.skills) ? (index.skills as SkillEntry[]) : [];
    if (index.$schema !== v2Schema || !skills.length)
      return { fraction: 0, details: `${path} is not a v0.2.0 index (\`$schema\` ${v2Schema}) listing a skill.` };
    const checked = skills.slice(0, Math.min(maxArtifacts, context.fetchesLeft()));
    if (!checked.length)
      return { fraction: 0, details: `${path} lists skills, but the grader had no requests left to fetch them.` };
    const wrong: string[] = [];
    for (const skill of checked) {
      const name = String(skill.name);
      if (typeof skill.url !== 'string' || typeof skill.digest !== 'string') {
        wrong.push(`${name} (no url or digest)`);
        continue;
      }
      // Relative URLs resolve against the index (RFC 3986), as clients resolve them.
      const url = new URL(skill.url, new URL(path, context.origin)).href;
      const artifact = await context.fetch(url, { accept: '*/*', bytes: true });
      if (artifact.status !== 200 || !artifact.bytes) wrong.push(`${name} (${failure(artifact)})`);
      else if ((await sha256(artifact.bytes)) !== skill.digest)
        wrong.push(`${name} (digest differs from the bytes served)`);
    }
    const shown = checked.length < skills.length ? `${checked.length} of ${skills.length}` : `${skills.length}`;
    return {
      fraction: (checked.length - wrong.length) / checked.length,
      details: wrong.length
        ? `${path}: ${wrong.length} of ${shown} skills checked do not match: ${wrong.join(', ')}.`
        : `${path} lists ${skills.length} skill${skills.length === 1 ? '' : 's'}; ${shown} checked, each served as its digest says.`,
    };
  },
};
