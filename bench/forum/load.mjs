import { Agent, request } from 'node:http';
import { nowMs } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * `concurrency` clients over keep-alive HTTP, each sending its next request as soon as the last
 * was answered, for `ms`: the server's throughput at that concurrency and the latency each
 * request saw. `next()` answers `{ path, method?, body?, headers? }`.
 */
export async function closedLoop(port, next, concurrency, ms) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latency = new Histogram();
  const statuses = {};
  const samples = [];
  const send = ({ path, method = 'GET', body, headers = {} }) =>
    new Promise((resolve) => {
      const text = body === undefined ? null : JSON.stringify(body);
      const started = nowMs();
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          timeout: 10_000,
          headers: text
            ? {
                ...headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(text),
              }
            : headers,
        },
        (res) => {
          let answer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (answer += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode, ms: nowMs() - started, body: answer }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, ms: nowMs() - started, body: '' }));
      req.end(text ?? undefined);
    });
  const started = nowMs();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nowMs() < until) {
        const req = next();
        const answer = await send(req);
        latency.add(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        // A few answers kept, to show what a failing route said.
        if (answer.status >= 300 && samples.length < 3)
          samples.push(
            `${req.method ?? 'GET'} ${req.path}: ${answer.status} ${answer.body.slice(0, 300)}`,
          );
      }
    }),
  );
  const elapsedMs = nowMs() - started;
  agent.destroy();
  return { latency, statuses, elapsedMs, samples };
}
