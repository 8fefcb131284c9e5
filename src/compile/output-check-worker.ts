// The thread of PreviousOutputCheck (output-check.ts): the status of each file the previous build
// wrote, against the size its manifest recorded. Replies with the files that are no longer a
// regular file of that size.
import fs from 'node:fs';
import { folderPrefix } from '../util/folder-prefix.js';
import { parentPort, workerData } from 'node:worker_threads';
import type { OutputCheckRequest } from './output-check.js';

const { outDir, files } = workerData as OutputCheckRequest;
const unlike: string[] = [];
// The manifest's entries passed isOwnPath when it was read (up-to-date.ts).
const prefix = folderPrefix(outDir);
for (const [file, bytes] of files) {
  const stat = fs.statSync(prefix + file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size !== bytes) unlike.push(file);
}
parentPort!.postMessage(unlike);
