import WebSocket from 'ws';

/**
 * A server's V8 inspector, for benches that start it with `--inspect=127.0.0.1:0`: a full GC,
 * process.memoryUsage(), and a heap snapshot summed by kind and constructor. Nothing is added
 * to the server's code; the inspector is Node's own.
 */
export class Inspector {
  /** Connects to the inspector of a child started by procs.mjs (its output is kept). */
  static async of(child, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const line of child.output) {
        const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
        if (m) return Inspector.connect(m[1]);
      }
      if (Date.now() > deadline) throw new Error('no inspector URL in the server output');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  static connect(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { maxPayload: 1 << 30 });
      ws.once('open', () => resolve(new Inspector(ws)));
      ws.once('error', reject);
    });
  }

  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.pending = new Map();
    this.chunks = null;
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString());
      if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') this.chunks?.push(msg.params.chunk);
      const waiter = msg.id && this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(msg.error.message));
      else waiter.resolve(msg.result);
    });
  }

  call(method, params = {}, timeoutMs = 120_000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`inspector: ${method} took over ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  collectGarbage() {
    return this.call('HeapProfiler.collectGarbage');
  }

  async memoryUsage() {
    const { result } = await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(result.value);
  }

  /**
   * A heap snapshot (V8 collects garbage first) summed as Map<"type name", {count, size}>:
   * objects and closures by constructor or function name, strings and code by kind only.
   */
  async heapSummary({ retainersOf = [] } = {}) {
    this.chunks = [];
    await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const snapshot = JSON.parse(this.chunks.join(''));
    this.chunks = null;
    const summary = summarize(snapshot);
    if (retainersOf.length) summary.retainers = retainers(snapshot, new Set(retainersOf));
    return summary;
  }

  close() {
    this.ws.close();
  }
}

function nodeKeys(snapshot) {
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const typeNames = types[0];
  const width = fields.length;
  const [iType, iName] = ['type', 'name'].map((f) => fields.indexOf(f));
  const named = new Set(['object', 'closure', 'hidden', 'array', 'native', 'object shape']);
  const nodes = snapshot.nodes;
  const keys = new Array(nodes.length / width);
  for (let i = 0, n = 0; i < nodes.length; i += width, n++) {
    const type = typeNames[nodes[i + iType]];
    keys[n] = named.has(type) ? `${type} ${snapshot.strings[nodes[i + iName]]}` : type;
  }
  return keys;
}

/** For nodes whose key is in `keys`: "parent key -edge-> key" counted. */
function retainers(snapshot, keys) {
  const meta = snapshot.snapshot.meta;
  const width = meta.node_fields.length;
  const iEdges = meta.node_fields.indexOf('edge_count');
  const ew = meta.edge_fields.length;
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) =>
    meta.edge_fields.indexOf(f),
  );
  const edgeTypes = meta.edge_types[0];
  const nodeKey = nodeKeys(snapshot);
  const out = new Map();
  let e = 0;
  for (let n = 0; n < nodeKey.length; n++) {
    const count = snapshot.nodes[n * width + iEdges];
    for (let k = 0; k < count; k++, e += ew) {
      const to = snapshot.edges[e + eTo] / width;
      if (!keys.has(nodeKey[to])) continue;
      const type = edgeTypes[snapshot.edges[e + eType]];
      if (type === 'weak') continue;
      const name =
        type === 'element' || type === 'hidden'
          ? `[${type}]`
          : String(snapshot.strings[snapshot.edges[e + eName]]);
      const key = `${nodeKey[n]} -${name}-> ${nodeKey[to]}`;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
  }
  return out;
}

function summarize(snapshot) {
  const { node_fields: fields } = snapshot.snapshot.meta;
  const width = fields.length;
  const iSize = fields.indexOf('self_size');
  const keys = nodeKeys(snapshot);
  const out = new Map();
  for (let n = 0; n < keys.length; n++) {
    const entry = out.get(keys[n]) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += snapshot.nodes[n * width + iSize];
    out.set(keys[n], entry);
  }
  return out;
}
