import { register } from '../lib/ours.mjs';

/** A JSON call to ours as a signed-in person; throws on anything but 2xx. */
export async function api(port, token, path, body, method = 'POST') {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * `count` registered people (`{ id, token, nick }`, password `bench-pass-1`) in a new public room
 * of their own, all of them entered.
 */
export async function peopleInRoom(server, count, prefix) {
  // Nicks are at most 24 characters; a run tag keeps them unique on a reused database.
  const tag = Date.now().toString(36).slice(-5);
  const people = [];
  for (let i = 0; i < count; i++) {
    const nick = `${prefix}${i}_${tag}`;
    people.push({ nick, ...(await register(server.port, nick)) });
  }
  const room = await api(server.port, people[0].token, '/api/room', {
    name_ru: `${prefix} ру`,
    name_en: prefix,
    public: true,
  });
  const roomId = room.data.id;
  for (const person of people.slice(1))
    await api(server.port, person.token, `/api/room/${roomId}/enter`, {});
  return { people, roomId };
}

/**
 * `count` calls of two people each, in rooms of their own, joined through the API (no media:
 * the relay is what counts). Many pairs keep every sender far below its signal rate limit.
 */
export async function callPairs(server, count) {
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const {
      people: [sender, recipient],
      roomId,
    } = await peopleInRoom(server, 2, `Sig${i}`);
    for (const person of [sender, recipient])
      await api(server.port, person.token, `/api/room/${roomId}/video/join`, {
        audio: false,
        video: false,
      });
    pairs.push({ sender, recipient, roomId });
  }
  return pairs;
}
