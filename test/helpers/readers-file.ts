import path from 'node:path';
import { tempDir } from './fixtures.js';

// Every `agentdir serve` a test file starts records its readers (site.yaml analytics is on by
// default) into this file, not into the repository's .agentdir/; a test that reads it sets its own.
process.env.AGENTDIR_READERS_DATABASE = path.join(tempDir('agentdir-readers-'), 'readers.sqlite');
