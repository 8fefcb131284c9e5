import { createHash } from 'node:crypto';
import type { EmitContext } from './context.js';
import { directorySkill } from './helpers/directory-skill.js';
import { jsonFile, type OutputFile } from './output.js';
import { tarGz } from './helpers/tar-gz.js';
import type { AgentSkillsIndex, LegacySkillsIndex } from '../schemas/types.js';

// Agent skills (README: Agent skills): the generated skill and those of the `skills/` folder, listed
// in the index of Cloudflare's Agent Skills Discovery RFC v0.2.0 and, for older clients, in its
// v0.1.0 shape under /.well-known/skills/. Each file is served as the bytes the index digests.

export const agentSkillsSchema = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export interface PublishedSkill {
  name: string;
  description: string;
  files: { path: string; bytes: Uint8Array }[];
}

/** Where a skill is served, relative to the index: its SKILL.md alone, or an archive of its folder. */
export function skillArtifactPath(skill: PublishedSkill): string {
  return skill.files.length === 1 ? `${skill.name}/SKILL.md` : `${skill.name}.tar.gz`;
}

function digest(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Every skill the site publishes: the generated one first, then the authored ones by name. */
export function publishedSkills(context: EmitContext): PublishedSkill[] {
  if (!context.model.site.discovery.skills) return [];
  const generated = directorySkill(context);
  return [
    {
      name: generated.name,
      description: generated.description,
      files: [{ path: 'SKILL.md', bytes: Buffer.from(generated.text) }],
    },
    ...context.model.skills.map(({ name, description, files }) => ({ name, description, files })),
  ];
}

export function emitSkills(context: EmitContext): OutputFile[] {
  const skills = publishedSkills(context);
  if (!skills.length) return [];
  const out: OutputFile[] = [];
  const index: AgentSkillsIndex = { $schema: agentSkillsSchema, skills: [] };
  const legacy: LegacySkillsIndex = { skills: [] };
  for (const skill of skills) {
    for (const file of skill.files)
      out.push({
        path: `public/.well-known/agent-skills/${skill.name}/${file.path}`,
        content: file.bytes,
        copies: [`public/.well-known/skills/${skill.name}/${file.path}`],
      });
    // One file is served as it is; a skill with more is served whole as an archive of its folder.
    const single = skill.files.length === 1;
    const artifact = single ? skill.files[0]!.bytes : tarGz(skill.files);
    if (!single) out.push({ path: `public/.well-known/agent-skills/${skill.name}.tar.gz`, content: artifact });
    index.skills.push({
      name: skill.name,
      type: single ? 'skill-md' : 'archive',
      description: skill.description,
      // Relative to the index, so the links hold under any base URL and on any host serving the build.
      url: skillArtifactPath(skill),
      digest: digest(artifact),
    });
    legacy.skills.push({
      name: skill.name,
      description: skill.description,
      files: skill.files.map((file) => file.path),
    });
  }
  out.push(jsonFile(context.registry, 'public/.well-known/agent-skills/index.json', index, 'agent-skills-index'));
  out.push(jsonFile(context.registry, 'public/.well-known/skills/index.json', legacy, 'legacy-skills-index'));
  return out;
}
