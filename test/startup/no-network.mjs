// Preloaded (`node --import`) by test/startup/startup-secrets.test.ts: this process has no network. Every
// host name fails to resolve as it does offline (getaddrinfo ENOTFOUND), whatever the machine can reach.
import dns from 'node:dns';
import process from 'node:process';

function notFound(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    errno: -3008,
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
}
dns.lookup = (hostname, options, callback) => process.nextTick(typeof options === 'function' ? options : callback, notFound(hostname));
dns.promises.lookup = async (hostname) => {
  throw notFound(hostname);
};
