// Entry of the bundled worker: `agentdir build` resolves `agentdir:worker-data` to the site's data.
import data from 'agentdir:worker-data';
import { createWorker } from './create-worker.js';

export default createWorker(data);
