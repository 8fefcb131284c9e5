// What the Agent Skills format (agentskills.io/specification) allows of a skill's name and
// description: the rules authored skills are checked against and the generated skill is made by.

export const maxSkillNameLength = 64;
export const maxSkillDescriptionLength = 1024;

/** Lowercase letters and digits, single hyphens between them: never leading, trailing or doubled. */
export const skillNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A valid skill name made from any text (the site's name): `Agent Resource Directory` -> `agent-resource-directory`. */
export function skillNameOf(text: string): string {
  const name = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxSkillNameLength)
    .replace(/^-+|-+$/g, '');
  return name || 'directory';
}
