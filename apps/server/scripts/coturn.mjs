import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's coturn (`.ci/run` installs it). */
export const TURNSERVER = '/usr/bin/turnserver';

/** Whether this machine has coturn (the journeys that need it skip without it). */
export const coturnInstalled = () => existsSync(TURNSERVER);

/** A UDP port nobody holds now (coturn listens on UDP and TCP; UDP is what the calls use). */
function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const probe = createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until coturn answers a STUN binding request on its port. */
async function waitForBinding(port, child, log) {
  // A STUN binding request: type 0x0001, length 0, the magic cookie, a random transaction id.
  const request = Buffer.concat([
    Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]),
    randomBytes(12),
  ]);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`turnserver exited early:\n${log()}`);
    const answered = await new Promise((resolve) => {
      const socket = createSocket('udp4');
      const timer = setTimeout(() => {
        socket.close();
        resolve(false);
      }, 200);
      socket.once('message', () => {
        clearTimeout(timer);
        socket.close();
        resolve(true);
      });
      socket.send(request, port, '127.0.0.1');
    });
    if (answered) return;
  }
  throw new Error(`turnserver did not answer on ${port}:\n${log()}`);
}

/**
 * A coturn of the test's own on loopback, in the TURN REST mode the site is made for
 * (`use-auth-secret`): it takes only credentials made from its secret. Peers on loopback are
 * allowed because every browser of a test runs on this machine; a real relay never allows them.
 */
export async function startCoturn() {
  const port = await freeUdpPort();
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'coturn-'));
  // Relay ports from a range of this run's own, so two relays (two CI jobs) rarely meet.
  const minPort = 40_000 + Math.floor(Math.random() * 20) * 1000;
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      `--min-port=${minPort}`,
      `--max-port=${minPort + 999}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=chat.test',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--no-multicast-peers',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--log-file=${join(dir, 'turn.log')}`,
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForBinding(port, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  const url = `turn:127.0.0.1:${port}?transport=udp`;
  return { url, secret, env: { TURN_URLS: url, TURN_SECRET: secret }, close };
}
