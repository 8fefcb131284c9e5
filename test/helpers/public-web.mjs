// Loaded into a CLI process with `node --import` (NODE_OPTIONS) to play the public web offline:
// the process's own code runs unchanged (the bundled grader, undici, the address checks); only the
// system's answers are played. Set by environment, as JSON:
//   AGENTDIR_TEST_PUBLIC_WEB = { "hosts": { "<name>": "<public address>" },
//                                "routes": { "<public address>:<port>": <loopback port> },
//                                "offline": true }
// `hosts`: the system resolver answers these names with these addresses (other names: ENOTFOUND).
// `routes`: a socket that the checked lookup sent to a public address and port is connected to this
//   loopback port instead, after every check has passed on the public address.
// `offline`: every lookup fails as it does on a machine with no network (EAI_AGAIN).
// Nothing leaves the machine: a socket to any other address than loopback fails (ENETUNREACH).
import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const web = JSON.parse(process.env.AGENTDIR_TEST_PUBLIC_WEB ?? '{}');
const hosts = web.hosts ?? {};
const routes = web.routes ?? {};

function failure(hostname) {
  const code = web.offline ? 'EAI_AGAIN' : 'ENOTFOUND';
  return Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, syscall: 'getaddrinfo', hostname });
}

function answers(hostname) {
  const address = web.offline ? undefined : hosts[hostname];
  return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : null;
}

dnsPromises.lookup = async (hostname, options = {}) => {
  const found = answers(hostname);
  if (!found) throw failure(hostname);
  return typeof options === 'object' && options.all ? found : found[0];
};
dns.lookup = (hostname, options, callback) => {
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options?.all;
  const found = answers(hostname);
  queueMicrotask(() => {
    if (!found) return done(failure(hostname));
    if (all) return done(null, found);
    done(null, found[0].address, found[0].family);
  });
};
dns.promises.lookup = dnsPromises.lookup;
syncBuiltinESMExports();

// A socket to a played public address connects to loopback; the lookup it was given runs first and
// still judges the public address, so the grader's checks see exactly what they would see online.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // `net.connect()` passes its normalized arguments on as one array.
  const normalized = Array.isArray(args[0]) ? args[0] : args;
  const options = normalized[0];
  if (options && typeof options === 'object' && typeof options.lookup === 'function' && hosts[options.host]) {
    const local = routes[`${hosts[options.host]}:${options.port}`];
    if (local) {
      const lookup = options.lookup;
      normalized[0] = {
        ...options,
        port: local,
        lookup: (hostname, lookupOptions, callback) =>
          lookup(hostname, lookupOptions, (error, address) => {
            if (error) return callback(error);
            if (Array.isArray(address))
              return callback(
                null,
                address.map(() => ({ address: '127.0.0.1', family: 4 })),
              );
            callback(null, '127.0.0.1', 4);
          }),
      };
    }
  }
  const target = normalized[0]?.host;
  if (typeof target === 'string' && net.isIP(target) && !['127.0.0.1', '::1'].includes(target)) {
    // Nothing leaves this machine: an address no route plays is unreachable, as offline.
    const error = Object.assign(new Error(`connect ENETUNREACH ${target}`), { code: 'ENETUNREACH' });
    queueMicrotask(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};
