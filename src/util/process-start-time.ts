import fs from 'node:fs';

/**
 * When the process `pid` started, as an opaque token that differs between two processes that held
 * the same pid one after the other; null when this system cannot tell (or no such process runs).
 * On Linux it is field 22 of /proc/<pid>/stat, the start in clock ticks since boot. Other systems
 * have no file to read it from without starting a program, so there a pid is judged by whether it
 * runs at all (a reused pid then passes for the old process until the lock's age says otherwise).
 */
export function processStartTime(pid: number): string | null {
  if (process.platform !== 'linux' || !Number.isSafeInteger(pid) || pid <= 0) return null;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 3 onwards follow the name: field 22 is at index 22 - 3.
  const start = fields[22 - 3];
  return start && /^\d+$/.test(start) ? start : null;
}
