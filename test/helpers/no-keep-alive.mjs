// Loaded with `node --import` into a judge that reads local workerd (Miniflare): workerd closes an
// idle keep-alive connection after 5 s without a word, and a client whose event loop was busy for
// longer reuses the closed connection and reports `fetch failed` for a page that is fine (README:
// Supported Node versions). Cloudflare keeps client connections for 400 s, so a judge of a deployed
// site never meets it; here each request gets a connection of its own.
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ pipelining: 0 }));
