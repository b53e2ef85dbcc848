/**
 * One load process of the soak: a share of the 10,000 browser tabs, each a Pusher protocol 7
 * socket subscribed as the web app subscribes (common; private-chat and private-user.{id} when
 * signed in; presence-room.{id} for each room the member is in). Subscriptions are signed here
 * with the app secret, with the user_info the server's channel auth would give, and each socket
 * is granted its channels through the HTTP API once when it connects (lib/grant.mjs).
 *
 * For every presence subscription it keeps an episode (subscribed from → to, the chat messages
 * it received) and the member list as that tab sees it (subscription data, then member_added
 * and member_removed), so the orchestrator can check losses, duplicates and presence exactly.
 * Commands arrive over IPC with an id; every answer carries it.
 *
 * argv: <wsUrl> <key> <secret>
 */
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { grant } from '../lib/grant.mjs';
import { nowMs, sleep } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';

const [wsUrl, key, secret] = process.argv.slice(2);
const CONNECT_TIMEOUT_MS = 30_000;
const MARKER = /s:(\d+):(\d+(?:\.\d+)?)/;
const ROOM_OF_FRAME = /"channel":"presence-room\.(\d+)"/;

// A worker never outlives the bench.
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.exit(0), 20 * 60_000).unref();

/** @type {Slot[]} every tab of this worker; a slot keeps its identity across reconnects. */
let slots = [];
/** Every presence episode since the last reset: { room, from, to, seen, duplicates }. */
let episodes = [];
let stats = freshStats();
let churn = null;

function freshStats() {
  return {
    latency: new Histogram(),
    deliveries: 0,
    stray: 0,
    unexpectedCloses: 0,
    closeCodes: {},
    errors: {},
  };
}

const countIn = (map, kind) => (map[kind] = (map[kind] ?? 0) + 1);
const sign = (text) => createHmac('sha256', secret).update(text).digest('hex');

function channelsOf(slot) {
  if (slot.kind === 'anonymous') return ['common'];
  const own = ['common', 'private-chat', `private-user.${slot.userId}`];
  if (slot.kind !== 'member') return own;
  return [...own, ...slot.rooms.filter((r) => !slot.off.has(r)).map((r) => `presence-room.${r}`)];
}

function grantedChannels(slot) {
  const own = ['private-chat', `private-user.${slot.userId}`];
  if (slot.kind !== 'member') return own;
  return [...own, ...slot.rooms.map((r) => `presence-room.${r}`)];
}

function subscribeFrame(slot, channel) {
  const data = { channel };
  if (channel.startsWith('presence-')) {
    data.channel_data = slot.channelData;
    data.auth = `${key}:${sign(`${slot.socketId}:${channel}:${slot.channelData}`)}`;
  } else if (channel.startsWith('private-')) {
    data.auth = `${key}:${sign(`${slot.socketId}:${channel}`)}`;
  }
  return JSON.stringify({ event: 'pusher:subscribe', data });
}

function onChatMessage(slot, text, at) {
  const room = ROOM_OF_FRAME.exec(text);
  const mark = MARKER.exec(text);
  const episode = room && slot.episodes.get(Number(room[1]));
  if (!mark || !episode) {
    stats.stray += 1;
    return;
  }
  const seq = Number(mark[1]);
  if (episode.seen.has(seq)) {
    episode.duplicates += 1;
    return;
  }
  episode.seen.add(seq);
  stats.deliveries += 1;
  stats.latency.add(at - Number(mark[2]));
}

function onSubscribed(slot, frame, at) {
  const channel = frame.channel;
  // The answer to a subscription the tab gave up before it came (as pusher-js drops a channel
  // unsubscribed while pending): the server has already taken the unsubscription after it.
  if (!slot.pending.has(channel)) return countIn(stats.errors, 'late subscription answer');
  if (channel.startsWith('presence-room.')) {
    const room = Number(channel.slice('presence-room.'.length));
    const { presence } = JSON.parse(frame.data);
    // A second confirmation of an open subscription would leave the first episode open forever.
    if (slot.episodes.has(room)) countIn(stats.errors, 'subscribed twice');
    slot.views.set(room, new Set(presence.ids));
    const episode = {
      room,
      from: at,
      to: Infinity,
      seen: new Set(),
      duplicates: 0,
      slot,
      // Presence frames on the channel: tell "the socket got nothing" from "no chat frames".
      memberEvents: 0,
    };
    slot.episodes.set(room, episode);
    episodes.push(episode);
  }
  slot.pending.delete(channel);
  if (slot.pending.size === 0 && slot.state === 'connecting') slot.settle(null);
}

function onPresenceChange(slot, frame, added) {
  const room = Number(frame.channel.slice('presence-room.'.length));
  const view = slot.views.get(room);
  if (!view) return;
  slot.episodes.get(room).memberEvents += 1;
  const { user_id: userId } = JSON.parse(frame.data);
  if (added) view.add(userId);
  else view.delete(userId);
}

function onFrame(slot, raw) {
  const at = nowMs();
  const text = raw.toString();
  // Chat messages are nearly all the traffic: read with regexes, not parsed.
  if (text.includes('"MessageStored"')) return onChatMessage(slot, text, at);
  let frame;
  try {
    frame = JSON.parse(text);
  } catch {
    return countIn(stats.errors, 'unparsable frame');
  }
  switch (frame.event) {
    case 'pusher:connection_established': {
      slot.socketId = JSON.parse(frame.data).socket_id;
      slot.pending = new Set(channelsOf(slot));
      const subscribeAll = () => {
        for (const channel of slot.pending) slot.ws.send(subscribeFrame(slot, channel));
      };
      if (slot.kind === 'anonymous') return subscribeAll();
      // Granted once, as a tab's channel auth grants: every room it may come back to included.
      const ws = slot.ws;
      grant(wsUrl, slot.socketId, slot.userId, grantedChannels(slot)).then(
        () => {
          if (slot.ws === ws) subscribeAll();
        },
        () => {
          countIn(stats.errors, 'grant');
          if (slot.state === 'connecting') slot.settle('grant');
        },
      );
      return;
    }
    case 'pusher_internal:subscription_succeeded':
      return onSubscribed(slot, frame, at);
    case 'pusher_internal:member_added':
      return onPresenceChange(slot, frame, true);
    case 'pusher_internal:member_removed':
      return onPresenceChange(slot, frame, false);
    case 'pusher:pong':
      slot.onPong?.();
      return;
    case 'pusher:ping':
      return slot.ws.send('{"event":"pusher:pong","data":{}}');
    case 'pusher:error':
    case 'pusher:subscription_error': {
      const kind = `${frame.event} ${JSON.stringify(frame.data).slice(0, 60)}`;
      countIn(stats.errors, kind);
      if (slot.state === 'connecting') slot.settle(kind);
      return;
    }
    default:
    // Room news (UserEnteredTheRoom...) and UpdateRequired: real tabs get them too.
  }
}

/** Ends the slot's presence episodes and views now (it unsubscribed or its socket is gone). */
function endEpisodes(slot, at, rooms = [...slot.episodes.keys()]) {
  for (const room of rooms) {
    const episode = slot.episodes.get(room);
    if (episode) episode.to = at;
    slot.episodes.delete(room);
    slot.views.delete(room);
  }
}

/** One connection attempt: resolves null when every channel is subscribed, else an error kind. */
function attempt(slot) {
  return new Promise((resolve) => {
    slot.state = 'connecting';
    const ws = new WebSocket(`${wsUrl}/app/${key}?protocol=7`, { perMessageDeflate: false });
    slot.ws = ws;
    const timer = setTimeout(() => slot.settle('timeout'), CONNECT_TIMEOUT_MS);
    slot.settle = (error) => {
      if (slot.state !== 'connecting' || slot.ws !== ws) return;
      clearTimeout(timer);
      if (error) {
        drop(slot, 'failed');
      } else slot.state = 'ready';
      resolve(error);
    };
    ws.on('message', (raw) => onFrame(slot, raw));
    ws.on('error', (error) => slot.settle(errorKind(error)));
    ws.on('close', (code) => {
      if (slot.ws !== ws) return;
      if (slot.state === 'connecting') return slot.settle(`closed ${code} before subscribed`);
      // The server closed a ready tab: counted, and the tab comes back as pusher-js would.
      stats.unexpectedCloses += 1;
      countIn(stats.closeCodes, String(code));
      drop(slot, 'dropped');
      setTimeout(() => void connect(slot), 1000);
    });
  });
}

function errorKind(error) {
  const status = /Unexpected server response: (\d+)/.exec(String(error?.message));
  return status ? `http ${status[1]}` : (error?.code ?? String(error?.message).slice(0, 60));
}

/** Connects with retries (1 s, 2 s, 4 s... as pusher-js backs off) until `deadline`. */
async function connect(slot, deadline = nowMs() + 60_000) {
  for (let wait = 1000; ; wait = Math.min(wait * 2, 8000)) {
    const error = await attempt(slot);
    if (!error) return { ok: true, retries: slot.retries };
    countIn(stats.errors, error);
    if (nowMs() + wait > deadline) return { ok: false, error };
    slot.retries += 1;
    await sleep(wait);
  }
}

/** Leaves: a closing tab (close handshake) or a network failure (`terminate`). */
function drop(slot, state, how = 'terminate') {
  const ws = slot.ws;
  slot.ws = null;
  slot.state = state;
  endEpisodes(slot, nowMs());
  if (!ws) return;
  ws.removeAllListeners();
  ws.on('error', () => {});
  if (how === 'close' && ws.readyState === WebSocket.OPEN) {
    ws.close(1000);
    setTimeout(() => ws.terminate(), 2000).unref();
  } else ws.terminate();
}

/** Opens slots, `concurrency` handshakes at a time; the time the last one was ready. */
async function openMany(list, concurrency) {
  const result = { ok: 0, failed: 0, retries: 0, start: nowMs(), end: 0, failures: {} };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, list.length) }, async () => {
      while (next < list.length) {
        const slot = list[next++];
        slot.retries = 0;
        const answer = await connect(slot);
        result.retries += slot.retries;
        if (answer.ok) {
          result.ok += 1;
          result.end = nowMs();
        } else {
          result.failed += 1;
          countIn(result.failures, answer.error);
        }
      }
    }),
  );
  return result;
}

const ready = () => slots.filter((s) => s.state === 'ready');
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (min, max) => min + Math.random() * (max - min);

/**
 * Joins and leaves at the given rates (per second, this worker's share): a tab closes and comes
 * back 0.2-4 s later (a reload, a phone waking up); a member leaves a room's presence and comes
 * back 0.5-6 s later (switching away from the chat and back).
 */
function startChurn({ reconnectsPerSec, togglesPerSec }) {
  const state = { reconnects: 0, toggles: 0, pending: new Set(), failed: 0, timer: null };
  const TICK_MS = 100;
  let owedReconnects = 0;
  let owedToggles = 0;
  const later = (ms, task) => {
    const p = sleep(ms).then(task);
    state.pending.add(p);
    p.finally(() => state.pending.delete(p));
  };
  state.timer = setInterval(() => {
    owedReconnects += (reconnectsPerSec * TICK_MS) / 1000;
    owedToggles += (togglesPerSec * TICK_MS) / 1000;
    const candidates = ready().filter((s) => s.off.size === 0);
    for (; owedReconnects >= 1 && candidates.length; owedReconnects--) {
      const slot = pick(candidates);
      if (slot.state !== 'ready') continue;
      state.reconnects += 1;
      drop(slot, 'away', 'close');
      later(between(200, 4000), async () => {
        const answer = await connect(slot);
        if (!answer.ok) state.failed += 1;
      });
    }
    const members = candidates.filter(
      (s) => s.kind === 'member' && s.rooms.length === 1 && s.pending.size === 0,
    );
    for (; owedToggles >= 1 && members.length; owedToggles--) {
      const slot = pick(members);
      if (slot.state !== 'ready' || slot.off.size || slot.pending.size) continue;
      const room = slot.rooms[0];
      state.toggles += 1;
      slot.off.add(room);
      slot.ws.send(
        JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: `presence-room.${room}` } }),
      );
      endEpisodes(slot, nowMs(), [room]);
      later(between(500, 6000), () => {
        slot.off.delete(room);
        // A tab that lost its socket meanwhile subscribes the room again when it reconnects.
        if (slot.state !== 'ready') return;
        slot.pending.add(`presence-room.${room}`);
        slot.ws.send(subscribeFrame(slot, `presence-room.${room}`));
      });
    }
  }, TICK_MS);
  return state;
}

async function stopChurn() {
  clearInterval(churn.timer);
  // Every tab that is away comes back before the counts are read.
  while (churn.pending.size) await Promise.all([...churn.pending]);
  const deadline = nowMs() + 30_000;
  while (slots.some((s) => s.pending.size > 0 && s.state === 'ready') && nowMs() < deadline)
    await sleep(50);
  const result = { reconnects: churn.reconnects, toggles: churn.toggles, failed: churn.failed };
  churn = null;
  return result;
}

/** Whether a tab's socket still answers a ping: tells a stuck socket from a lost subscription. */
function answersPing(slot) {
  return new Promise((resolve) => {
    if (slot.state !== 'ready') return resolve(false);
    const timer = setTimeout(() => resolve(false), 3000);
    slot.onPong = () => {
      clearTimeout(timer);
      slot.onPong = null;
      resolve(true);
    };
    slot.ws.send('{"event":"pusher:ping","data":{}}');
  });
}

/** Per message posted: was it in each episode's window, and did the episode get it? */
async function verify({ messages, graceMs, phases }) {
  const byRoom = new Map();
  for (const m of messages) {
    const list = byRoom.get(m[1]) ?? [];
    list.push(m);
    byRoom.set(m[1], list);
  }
  const phaseOf = (sentAt) => phases.findLast((p) => sentAt >= p.from)?.label ?? 'before';
  const perPhase = {};
  const row = (label) => (perPhase[label] ??= { expected: 0, lost: 0, duplicates: 0 });
  const lostExamples = [];
  let unknown = 0;
  const stored = new Set(messages.map((m) => m[0]));
  for (const e of episodes) {
    for (const seq of e.seen) if (!stored.has(seq)) unknown += 1;
    for (const [seq, , sentAt, answeredAt] of byRoom.get(e.room) ?? []) {
      // Posted after the tab had its subscription, answered well before it left: must arrive.
      if (sentAt < e.from || answeredAt + graceMs > e.to) continue;
      const r = row(phaseOf(sentAt));
      r.expected += 1;
      if (!e.seen.has(seq)) {
        r.lost += 1;
        e.lost = (e.lost ?? 0) + 1;
        e.firstLost ??= seq;
      }
    }
    if (e.lost && lostExamples.length < 10) {
      lostExamples.push({
        room: e.room,
        user: e.slot.userId,
        kind: e.slot.kind,
        rooms: e.slot.rooms.length,
        state: e.slot.state,
        socketId: e.slot.socketId,
        from: new Date(e.from).toISOString(),
        to: Number.isFinite(e.to) ? new Date(e.to).toISOString() : 'open',
        lost: e.lost,
        firstLost: e.firstLost,
        received: e.seen.size,
        memberEvents: e.memberEvents,
      });
    }
    if (e.duplicates) row(phaseOf(e.from)).duplicates += e.duplicates;
  }
  const lostEpisodes = episodes.filter((e) => e.lost).length;
  const openLost = episodes.filter((e) => e.lost && !Number.isFinite(e.to)).slice(0, 20);
  const pings = await Promise.all(openLost.map((e) => answersPing(e.slot)));
  for (const [i, example] of lostExamples.entries()) example.answersPing = pings[i] ?? null;
  return { perPhase, unknown, lostExamples, lostEpisodes };
}

const commands = {
  setup({ tabs }) {
    slots = tabs.map((t) => ({
      ...t,
      channelData: t.info ? JSON.stringify({ user_id: String(t.userId), user_info: t.info }) : null,
      state: 'idle',
      ws: null,
      socketId: null,
      pending: new Set(),
      episodes: new Map(),
      views: new Map(),
      off: new Set(),
      retries: 0,
    }));
    return { tabs: slots.length };
  },

  connect({ concurrency }) {
    return openMany(
      slots.filter((s) => s.state !== 'ready'),
      concurrency,
    );
  },

  /** Every socket cut at the same moment, then every tab reconnects at once. */
  async storm() {
    const list = ready();
    const cutAt = nowMs();
    for (const slot of list) drop(slot, 'cut');
    const result = await openMany(list, Infinity);
    return { ...result, cutAt, tabs: list.length };
  },

  churnStart(rates) {
    churn = startChurn(rates);
    return {};
  },

  churnStop: () => stopChurn(),

  async leaveAll() {
    for (const slot of slots) if (slot.ws) drop(slot, 'idle', 'close');
    await sleep(2500);
    return { left: slots.length };
  },

  /** Who is in each room right now, as this worker's tabs know it (subscriptions confirmed). */
  truth() {
    const rooms = {};
    for (const slot of slots) {
      if (slot.state !== 'ready') continue;
      for (const room of slot.episodes.keys()) (rooms[room] ??= []).push(String(slot.userId));
    }
    return { rooms };
  },

  /** Each tab's member list of each of its rooms against the truth. */
  checkViews({ truth }) {
    let checked = 0;
    let mismatched = 0;
    const examples = [];
    for (const slot of slots) {
      for (const [room, view] of slot.views) {
        checked += 1;
        const want = new Set(truth[room] ?? []);
        const missing = [...want].filter((id) => !view.has(id));
        const extra = [...view].filter((id) => !want.has(id));
        if (missing.length || extra.length) {
          mismatched += 1;
          if (examples.length < 5) examples.push({ room, user: slot.userId, missing, extra });
        }
      }
    }
    return { checked, mismatched, examples };
  },

  report() {
    const counts = { ready: 0, member: 0, signedIn: 0, anonymous: 0, presenceSubscriptions: 0 };
    for (const slot of slots) {
      if (slot.state !== 'ready') continue;
      counts.ready += 1;
      counts[slot.kind] += 1;
      counts.presenceSubscriptions += slot.episodes.size;
    }
    const answer = { ...stats, latency: stats.latency.toJSON(), counts };
    stats = freshStats();
    return answer;
  },

  verify,

  reset() {
    episodes = [];
    stats = freshStats();
    return {};
  },
};

process.on('message', async (message) => {
  try {
    const result = await commands[message.cmd](message);
    process.send({ id: message.id, ok: true, result });
  } catch (error) {
    process.send({ id: message.id, ok: false, error: String(error?.stack ?? error) });
  }
});
process.send({ type: 'ready' });
