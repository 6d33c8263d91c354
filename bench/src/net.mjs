// The benchmark's network helpers (run.mjs): a free loopback port, and whether an address is this machine.
import net from 'node:net';

/** A port nothing listens on at `host` now (the OS picks it). */
export function freePort(host) {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether `host` is this machine: the only place the benchmark sends requests or connects to. */
export function isLoopback(host) {
  const h = host.replace(/^\[|\]$/g, '');
  return h === '' || h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h.startsWith('/');
}
