import WebSocket from 'ws';

/**
 * A full garbage collection in the server, asked from outside through the V8 inspector (the
 * server runs with `--inspect=127.0.0.1:0`; nothing is added to its code): after everyone left,
 * RSS is compared once what is garbage has been collected, so a leak shows as memory still in
 * use rather than memory V8 simply has not collected yet.
 */
export const INSPECT_OPTION = '--inspect=127.0.0.1:0';

/** The inspector's WebSocket URL, from the line Node prints when it starts listening. */
export function inspectorUrl(outputLines) {
  for (const line of outputLines) {
    const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
    if (m) return m[1];
  }
  return null;
}

export function forceGc(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('forced GC: no answer from the inspector'));
    }, 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    ws.on('message', (raw) => {
      if (JSON.parse(raw.toString()).id !== 1) return;
      clearTimeout(timer);
      ws.close();
      resolve();
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
