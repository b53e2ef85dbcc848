import { Agent, request } from 'node:http';
import { nowMs } from './clock.mjs';

/**
 * Keep-alive HTTP to 127.0.0.1 only, over one connection per server: no TCP handshake per
 * publish, and requests are handled in the order they were sent, so every client should get the
 * messages in order (a server that reorders or drops shows up in the counts). A request sent
 * while another is under way waits its turn here; its send time was stamped before, so that
 * wait counts in the latency, as a backlog in the server would.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export function postJson(port, path, body, timeoutMs = 10_000) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (answer += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: answer }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${path} timed out`)));
    req.on('error', reject);
    req.end(text);
  });
}

export function closeAgent() {
  agent.destroy();
}

/**
 * A POST of the load's (posters, publishers) on the caller's keep-alive `agent`: its status (0
 * on an error or after `timeoutMs`, never a rejection) and its milliseconds from `startedAt`,
 * the moment the caller stamped into what it sends. The answer's body is read and dropped.
 */
export function timedPost(
  { port, agent, path, body, headers = {}, timeoutMs = 10_000 },
  startedAt = nowMs(),
) {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: nowMs() - startedAt }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: nowMs() - startedAt }));
    req.end(body);
  });
}
