import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optionReader } from '../lib/args.mjs';
import { sleep } from '../lib/clock.mjs';
import { ROOT, registerMany } from '../lib/ours.mjs';
import { otherLoadMeter, postgresCpuMeter } from '../lib/proc-stats.mjs';
import { benchPids, guardProcesses, pinSelf, startWorker } from '../lib/procs.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { Poster } from '../chat/poster.mjs';
import { ImPoster } from '../im/poster.mjs';
import { BusPublisher } from './bus-publisher.mjs';
import { RedisMeter, freshDatabase, startCluster } from './cluster.mjs';

/**
 * `npm run bench -- nodes`: what crossing nodes costs. Three of our server processes on one
 * PostgreSQL database and one Redis (as production runs several nodes), and in the same run one
 * node alone on the same PostgreSQL and Redis, with the same load; each cluster has a database
 * of its own (its transactions and rows counted in pg_stat_database):
 *
 * - a room of 500 listeners (`presence-room.1`) spread evenly over the nodes, 20 registered
 *   people posting into it over HTTP through node 0 at fixed rates: deliveries, latency from POST
 *   to receipt for listeners on node 0 (same node) and on the others (through Redis), CPU of each
 *   node and of Redis per delivery;
 * - private messages: 30 pairs, the senders posting through node 0, the recipients' sockets
 *   spread over the nodes (same node / cross node);
 * - the bus alone: events published through node 0's Pusher HTTP API (ten a request) on a room
 *   channel no socket listens to, so what the other nodes spend is what every node pays for
 *   every broadcast of the site, wanted or not (the adapter has one pub/sub channel for the site);
 * - the heard bus: the same on a channel with one listener on each node.
 *
 * Nodes on CPU 0, the load on CPU 1, PostgreSQL and Redis where the kernel puts them.
 */
function options(argv) {
  const get = optionReader(argv);
  return {
    nodes: Number(get('nodes', 3)),
    members: Number(get('members', 500)),
    posters: Number(get('posters', 20)),
    rates: String(get('rates', '50,100')).split(',').map(Number),
    busRate: Number(get('bus-rate', 2000)),
    imPairs: Number(get('im-pairs', 30)),
    imRate: Number(get('im-rate', 100)),
    phaseMs: Number(get('phase-ms', 5000)),
    // Database 12: the rate limits' keys stay apart from other users of this Redis.
    redisUrl: String(get('redis-url', 'redis://127.0.0.1:6379/12')),
    // A database of the bench's own is made there (and dropped) for each cluster.
    postgresUrl: String(
      get(
        'postgres-url',
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      ),
    ),
    quietWaitMs: Number(get('quiet-wait-ms', 10_000)),
    waitBudgetMs: Number(get('wait-budget-ms', 90_000)),
  };
}

/** A room channel that exists for no socket: the bus phase's target. */
const SILENT_CHANNEL = 'presence-room.999999';
/** A room channel with one socket on each node: the heard bus phase's target. */
const HEARD_CHANNEL = 'presence-room.999998';
const MEMBER_ID_BASE = 1_000_000;
/** How long PostgreSQL may take to count a phase's transactions in pg_stat_database. */
const STATS_LAG_MS = 11_000;

function ask(worker, command) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.type !== command.type) return;
      worker.off('message', onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    };
    worker.on('message', onMessage);
    worker.send(command);
  });
}

/** Waits until the listeners have `expected` receipts, or have had none for `quietMs`. */
async function settle(worker, field, expected = Infinity, quietMs = 500) {
  const deadline = Date.now() + 30_000;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const seen = (await ask(worker, { type: 'peek' }))[field];
    if (seen >= expected) return;
    if (seen !== last) {
      last = seen;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return;
    await sleep(50);
  }
}

async function api(port, token, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A real stored message of the room, as the API presents it: the bus phase's event. */
async function lastMessage(port, token, roomId) {
  const res = await fetch(`http://127.0.0.1:${port}/api/room/${roomId}/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  if (!data?.length) throw new Error(`no message to copy: ${res.status}`);
  return data.at(-1);
}

const pct = (json, p) => (json ? round(new Histogram().merge(json).percentile(p)) : null);
const merged = (jsons) => jsons.reduce((h, j) => h.merge(j), new Histogram());
const perUnit = (seconds, count, scale = 1e6) =>
  count > 0 ? round((seconds * scale) / count) : null;

/** The people, the sockets and the load of one cluster of `size` nodes; its phases' rows. */
async function benchCluster(size, opts, redisMeter) {
  const database = await freshDatabase(opts.postgresUrl);
  if (!database) throw new Error(`PostgreSQL did not answer at ${opts.postgresUrl}`);
  let cluster = null;
  let worker = null;
  try {
    cluster = await startCluster({ size, databaseUrl: database.url, redisUrl: opts.redisUrl });
    const [first] = cluster.nodes;
    const port = first.port;
    worker = startWorker(
      `listeners-${size}`,
      fileURLToPath(new URL('./listeners-worker.mjs', import.meta.url)),
      [JSON.stringify(cluster.creds)],
    );

    // People, through node 0's API: posters who entered the room, and the private pairs.
    const posters = await registerMany(port, opts.posters, 'np', 8);
    for (const p of posters) await api(port, p.token, '/api/room/1/enter');
    const imPeople = await registerMany(port, opts.imPairs * 2, 'ni', 8);
    const pairs = [];
    for (let i = 0; i < opts.imPairs; i++) {
      const [sender, recipient] = [imPeople[2 * i], imPeople[2 * i + 1]];
      const channel = await api(port, sender.token, '/api/im/channels', { user_id: recipient.id });
      pairs.push({ channelId: channel.data.id, sender, recipient, node: i % size });
    }

    // Sockets: member j and the recipient of pair k on node j mod size and k mod size.
    const specs = [
      ...Array.from({ length: opts.members }, (_, j) => ({
        url: cluster.nodes[j % size].wsUrl,
        node: j % size,
        channel: 'presence-room.1',
        userId: MEMBER_ID_BASE + j,
        presence: true,
      })),
      ...cluster.nodes.map((node, i) => ({
        url: node.wsUrl,
        node: i,
        channel: HEARD_CHANNEL,
        userId: MEMBER_ID_BASE + opts.members + i,
        presence: true,
      })),
      ...pairs.map((p) => ({
        url: cluster.nodes[p.node].wsUrl,
        node: p.node,
        channel: `private-user.${p.recipient.id}`,
        userId: p.recipient.id,
        presence: false,
      })),
    ];
    await ask(worker, { type: 'connect', specs });

    const poster = new Poster(
      port,
      1,
      posters.map((p) => p.token),
    );
    const imPoster = new ImPoster(port, pairs, 32);
    // Warm-up: modules JIT, pools fill, every node has had traffic from the bus.
    await poster.steady(opts.rates[0], 2000);
    await imPoster.steady(opts.imRate, 1000);
    const publisher = new BusPublisher(
      port,
      cluster.creds,
      SILENT_CHANNEL,
      await lastMessage(port, posters[0].token, 1),
    );
    const heard = new BusPublisher(port, cluster.creds, HEARD_CHANNEL, publisher.template);
    await publisher.steady(opts.busRate, 1000);
    await heard.steady(opts.busRate, 1000);
    await settle(worker, 'deliveries');
    await ask(worker, { type: 'report', members: opts.members });

    // Redis's CPU at rest (its other clients, the nodes' heartbeats), taken off each phase's.
    const idleFrom = await redisMeter.read();
    const idleAt = performance.now();
    await sleep(3000);
    const idleTo = await redisMeter.read();
    const redisIdlePerSec = (idleTo.cpu - idleFrom.cpu) / ((performance.now() - idleAt) / 1000);

    const measure = async (label, kind, run) => {
      await waitQuiet(opts.quietWaitMs);
      await settle(worker, 'deliveries');
      await ask(worker, { type: 'report', members: opts.members });
      const other = otherLoadMeter(benchPids());
      const pg = postgresCpuMeter();
      const cpuFrom = cluster.cpu();
      const redisFrom = await redisMeter.read();
      const dbFrom = await database.stats();
      const started = performance.now();
      const posted = await run();
      const postedMs = performance.now() - started;
      const stored = Array.isArray(posted.stored) ? posted.stored.length : posted.stored;
      const expected = { room: stored * opts.members, im: stored, heard: stored * size }[kind] ?? 0;
      await settle(worker, kind === 'im' ? 'im' : 'deliveries', expected);
      const cpu = cluster.cpu().map((c, i) => c - cpuFrom[i]);
      const redisTo = await redisMeter.read();
      const measuredMs = performance.now() - started;
      const pgPercent = pg();
      const redisCpu = redisTo.cpu - redisFrom.cpu;
      const redisNet = Math.max(0, redisCpu - (redisIdlePerSec * measuredMs) / 1000);
      const seen = await ask(worker, { type: 'report', members: opts.members });
      // A backend reports its counters at most once a second, and an idle one within 10 s.
      await sleep(STATS_LAG_MS);
      const dbTo = await database.stats();
      const db = Object.fromEntries(Object.keys(dbTo).map((k) => [k, dbTo[k] - dbFrom[k]]));
      const otherPercent = Math.max(
        0,
        other() - (pgPercent ?? 0) - Math.round((redisCpu / (measuredMs / 1000)) * 100),
      );
      const byNode = kind === 'im' ? seen.im : seen.room;
      const nodeLatency = (i) => byNode[i]?.latency;
      const counts = (i) => byNode[i]?.[kind === 'im' ? 'received' : 'deliveries'] ?? 0;
      const same = nodeLatency(0);
      const cross = merged(
        cluster.nodes.map((_, i) => nodeLatency(i)).filter((h, i) => i > 0 && h),
      ).toJSON();
      const deliveries = cluster.nodes.reduce((s, _, i) => s + counts(i), 0);
      const totalCpu = cpu.reduce((s, c) => s + c, 0);
      const row = {
        label,
        kind,
        nodes: size,
        sent: posted.sent,
        stored,
        statuses: posted.statuses,
        postedMs: round(postedMs),
        measuredMs: round(measuredMs),
        storedPerSec: round((stored * 1000) / postedMs),
        deliveries,
        expectedDeliveries: expected,
        lost: Math.max(0, expected - deliveries),
        deliveredPerSec: round((deliveries * 1000) / postedMs),
        postP50: round(posted.latency.percentile(0.5)),
        postP99: round(posted.latency.percentile(0.99)),
        sameNode: { count: counts(0), p50: pct(same, 0.5), p99: pct(same, 0.99) },
        crossNode:
          size > 1
            ? {
                count: deliveries - counts(0),
                p50: pct(cross, 0.5),
                p99: pct(cross, 0.99),
              }
            : null,
        lastMemberP99: kind === 'room' ? pct(seen.lastMember, 0.99) : null,
        perNode: cpu.map((seconds, i) => ({
          cpuMs: round(seconds * 1000),
          deliveries: counts(i),
          cpuUsPerMessage: perUnit(seconds, stored),
          cpuUsPerDelivery: kind === 'room' || kind === 'im' ? perUnit(seconds, counts(i)) : null,
          p50: pct(nodeLatency(i), 0.5),
          p99: pct(nodeLatency(i), 0.99),
        })),
        nodesCpuMs: round(totalCpu * 1000),
        nodesCpuUsPerDelivery:
          kind === 'room' || kind === 'im' ? perUnit(totalCpu, deliveries) : null,
        nodesCpuUsPerMessage: perUnit(totalCpu, stored),
        redisCpuMs: round(redisCpu * 1000),
        redisNetCpuMs: round(redisNet * 1000),
        redisCommands: redisTo.commands - redisFrom.commands,
        redisUsPerMessage: perUnit(redisNet, stored),
        postgres: db,
        commitsPerMessage: stored > 0 ? round(db.commits / stored) : null,
        rowsWrittenPerMessage:
          stored > 0 ? round((db.inserted + db.updated + db.deleted) / stored) : null,
        redisCommandsPerMessage:
          stored > 0 ? round((redisTo.commands - redisFrom.commands) / stored) : null,
        postgresCpuMsPerMessage:
          pgPercent === null ? null : perUnit((pgPercent / 100) * (measuredMs / 1000), stored, 1e3),
        otherCpuPercent: otherPercent,
        imDuplicates: seen.imDuplicates,
      };
      const crossText = row.crossNode
        ? `, cross-node p50/p99 ${row.crossNode.p50}/${row.crossNode.p99} ms`
        : '';
      console.log(
        `  ${size} node(s), ${label}: ${row.storedPerSec} msg/s stored, ${row.deliveredPerSec} deliveries/s, lost ${row.lost}; same-node p50/p99 ${row.sameNode.p50}/${row.sameNode.p99} ms${crossText}; nodes CPU ${row.nodesCpuMs} ms, Redis ${row.redisNetCpuMs} ms; others ${otherPercent}%`,
      );
      return row;
    };

    const rows = [];
    for (const rate of opts.rates) {
      rows.push(await measure(`room ${rate}/s`, 'room', () => poster.steady(rate, opts.phaseMs)));
    }
    rows.push(
      await measure(`private ${opts.imRate}/s`, 'im', () =>
        imPoster.steady(opts.imRate, opts.phaseMs),
      ),
    );
    rows.push(
      await measure(`bus ${opts.busRate}/s`, 'bus', () =>
        publisher.steady(opts.busRate, opts.phaseMs),
      ),
    );
    rows.push(
      await measure(`heard bus ${opts.busRate}/s`, 'heard', () =>
        heard.steady(opts.busRate, opts.phaseMs),
      ),
    );
    poster.close();
    imPoster.close();
    publisher.close();
    heard.close();
    return { rows, redisIdleCpuPercent: round(redisIdlePerSec * 100) };
  } finally {
    if (worker) {
      const gone = new Promise((resolve) => worker.once('exit', resolve));
      worker.send({ type: 'close' });
      await Promise.race([gone, sleep(3000)]);
    }
    await cluster?.stop();
    await database.drop();
  }
}

/** Single node against the cluster, phase by phase: the cost of crossing nodes. */
function compare(single, cluster) {
  return cluster.rows.map((c) => {
    const s = single.rows.find((r) => r.label === c.label);
    const out = { phase: c.label, kind: c.kind };
    // A side that fell behind the rate batched differently: its cost per message is another one.
    const kept =
      Math.min(s.storedPerSec, c.storedPerSec) / Math.max(s.storedPerSec, c.storedPerSec);
    if (kept < 0.9) out.notComparable = `rates kept: ${s.storedPerSec} against ${c.storedPerSec}/s`;
    if (c.kind === 'room') {
      out.singleCpuUsPerDelivery = s.nodesCpuUsPerDelivery;
      out.clusterCpuUsPerDelivery = c.nodesCpuUsPerDelivery;
      out.extraCpuUsPerDelivery = round(c.nodesCpuUsPerDelivery - s.nodesCpuUsPerDelivery);
      const crossDeliveries = c.crossNode.count;
      // The extra, spread over the deliveries that actually crossed (two thirds of them).
      out.extraCpuUsPerCrossDelivery = perUnit(
        (c.nodesCpuMs - (s.nodesCpuMs * c.deliveries) / Math.max(1, s.deliveries)) / 1000,
        crossDeliveries,
      );
      out.singleRedisUsPerMessage = s.redisUsPerMessage;
      out.clusterRedisUsPerMessage = c.redisUsPerMessage;
      out.singleP50P99 = [s.sameNode.p50, s.sameNode.p99];
      out.clusterSameNodeP50P99 = [c.sameNode.p50, c.sameNode.p99];
      out.clusterCrossNodeP50P99 = [c.crossNode.p50, c.crossNode.p99];
      out.extraLatencyP50Ms = round(c.crossNode.p50 - s.sameNode.p50);
      out.extraLatencyP99Ms = round(c.crossNode.p99 - s.sameNode.p99);
      // Within the same phase of the same cluster: the same load, only the hop differs.
      out.crossMinusSameP50Ms = round(c.crossNode.p50 - c.sameNode.p50);
      out.crossMinusSameP99Ms = round(c.crossNode.p99 - c.sameNode.p99);
    } else if (c.kind === 'bus' || c.kind === 'heard') {
      out.publisherCpuUsPerMessage = [s.perNode[0].cpuUsPerMessage, c.perNode[0].cpuUsPerMessage];
      // What a node with no listener on the channel pays for a broadcast of another node.
      const others = c.perNode.slice(1);
      out.otherNodeCpuUsPerMessage = round(
        others.reduce((sum, n) => sum + (n.cpuUsPerMessage ?? 0), 0) / Math.max(1, others.length),
      );
      out.redisUsPerMessage = [s.redisUsPerMessage, c.redisUsPerMessage];
      if (c.kind === 'heard') {
        out.singleP50P99 = [s.sameNode.p50, s.sameNode.p99];
        out.clusterSameNodeP50P99 = [c.sameNode.p50, c.sameNode.p99];
        out.clusterCrossNodeP50P99 = [c.crossNode.p50, c.crossNode.p99];
        out.crossMinusSameP50Ms = round(c.crossNode.p50 - c.sameNode.p50);
      }
    } else {
      out.singleP50P99 = [s.sameNode.p50, s.sameNode.p99];
      out.clusterSameNodeP50P99 = [c.sameNode.p50, c.sameNode.p99];
      out.clusterCrossNodeP50P99 = [c.crossNode.p50, c.crossNode.p99];
      out.extraLatencyP50Ms = round(c.crossNode.p50 - s.sameNode.p50);
      out.crossMinusSameP50Ms = round(c.crossNode.p50 - c.sameNode.p50);
      out.crossMinusSameP99Ms = round(c.crossNode.p99 - c.sameNode.p99);
      out.nodesCpuUsPerMessage = [s.nodesCpuUsPerMessage, c.nodesCpuUsPerMessage];
      out.redisUsPerMessage = [s.redisUsPerMessage, c.redisUsPerMessage];
    }
    return out;
  });
}

function printRows(title, rows) {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      phase: r.label,
      'msg/s': r.storedPerSec,
      'deliv/s': r.deliveredPerSec,
      lost: r.lost,
      'same p50/p99': `${r.sameNode.p50}/${r.sameNode.p99}`,
      'cross p50/p99': r.crossNode ? `${r.crossNode.p50}/${r.crossNode.p99}` : '-',
      'CPU ms per node': r.perNode.map((n) => n.cpuMs).join(' / '),
      'nodes µs/deliv': r.nodesCpuUsPerDelivery ?? '-',
      'nodes µs/msg': r.nodesCpuUsPerMessage,
      'Redis µs/msg': r.redisUsPerMessage,
      'Redis cmd/msg': r.redisCommandsPerMessage,
      'PG commits/msg': r.commitsPerMessage,
      'PG rows/msg': r.rowsWrittenPerMessage,
      'PG ms/msg': r.postgresCpuMsPerMessage,
      'others %': r.otherCpuPercent,
    })),
  );
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(15 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = opts.waitBudgetMs;
  const redisMeter = new RedisMeter(opts.redisUrl);
  if (!(await redisMeter.open())) throw new Error(`Redis did not answer at ${opts.redisUrl}`);
  const redisVersion = (await redisMeter.read()).version;
  console.log(
    `nodes bench: 1 node, then ${opts.nodes} nodes on one PostgreSQL and one Redis (${redisVersion}); ${opts.members} listeners, room rates ${opts.rates.join(', ')}/s, bus ${opts.busRate}/s, private ${opts.imRate}/s over ${opts.imPairs} pairs, ${opts.phaseMs} ms each`,
  );
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    redis: redisVersion,
    options: opts,
  };
  try {
    results.single = await benchCluster(1, opts, redisMeter);
    printRows('1 node (PostgreSQL + Redis)', results.single.rows);
    results.cluster = await benchCluster(opts.nodes, opts, redisMeter);
    printRows(`${opts.nodes} nodes (node 0 takes the posts)`, results.cluster.rows);
  } finally {
    redisMeter.close();
  }
  results.crossing = compare(results.single, results.cluster);
  console.log('\nwhat crossing nodes costs');
  for (const c of results.crossing) console.log(' ', JSON.stringify(c));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/nodes.json'), JSON.stringify(results, null, 2));
  console.log('\nresults: bench/results/nodes.json');
}
