/**
 * What the two reference servers share: reading the publish request, the health check, and a
 * bounded lifetime so a server orphaned by a crashed bench still goes away by itself.
 */
export function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

/**
 * GET /healthz answers 200; POST /publish takes {"data": ["...", ...]} and calls
 * publish(datas) with the strings, then answers {} (after the broadcast, like ours).
 */
export function httpHandler(publish) {
  return async (req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') return res.writeHead(200).end('ok');
    if (req.method === 'POST' && req.url === '/publish') {
      try {
        const body = await readJson(req);
        publish(body.data);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end('bad request');
      }
      return;
    }
    res.writeHead(404).end();
  };
}

export function lifetimeGuard() {
  const maxMs = Number(process.env.MAX_LIFETIME_MS ?? 15 * 60_000);
  setTimeout(() => process.exit(0), maxMs).unref();
  const parent = process.ppid;
  // The bench is our parent; if it disappears we are reparented and should not linger.
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000).unref();
  process.once('SIGTERM', () => process.exit(0));
  process.once('SIGINT', () => process.exit(0));
}

export const port = Number(process.env.PORT);
export const host = process.env.HOST ?? '127.0.0.1';
/** listen() backlog; unset means Node's default (511), which is what ours gets from Fastify. */
export const backlog = process.env.BACKLOG ? Number(process.env.BACKLOG) : undefined;
