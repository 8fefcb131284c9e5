import { afterAll } from 'vitest';
import { removeTempFolders } from './fixtures.js';

// Registered before the test file's own hooks, so it runs after them: servers and browsers the
// file started are stopped before their folders go.
afterAll(() => removeTempFolders());
