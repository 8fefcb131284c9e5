import fs from 'node:fs';

/** Whether this machine shows process memory in /proc (Linux). */
export const procStatusReadable = fs.existsSync('/proc/self/status');

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** The processes this one started whose program is `name` (miniflare's workerd, say). */
export function childProcessesNamed(name: string, parent = process.pid): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // `pid (comm) state ppid ...`: comm may hold spaces, so read from its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return comm === name && ppid === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Samples a process's resident memory every `everyMs` until stopped; returns the highest seen. */
export function watchMemory(pid: number, everyMs = 50): { stop(): number } {
  let highest = memoryOf(pid).rss;
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, memoryOf(pid).rss);
    } catch {
      // The process ended: the highest seen stands.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return highest;
    },
  };
}
