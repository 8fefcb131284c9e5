import path from 'node:path';
import { tempPath } from './fixtures.js';

// Every `agentdir serve` a test file starts records its readers (site.yaml analytics is on by
// default) into this file, not into the repository's .agentdir/; a test that reads it sets its own.
// The server makes its folder: a file that starts none leaves nothing behind.
process.env.AGENTDIR_READERS_DATABASE = path.join(tempPath('agentdir-readers-'), 'readers.sqlite');
