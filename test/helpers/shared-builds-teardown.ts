import fs from 'node:fs';

/** Global setup: at the end of the run, removes the folder of builds its test files shared (shared-builds.ts). */
export default function setup(): () => void {
  return () => {
    const store = process.env.AGENTDIR_TEST_BUILDS;
    if (store) fs.rmSync(store, { recursive: true, force: true, maxRetries: 3 });
  };
}
