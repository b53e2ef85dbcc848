/**
 * The soak's people, made through the API as the site makes them: registered owners create the
 * rooms (five each, the most one may own), a few more registered users and many guests (guest
 * sign-in is cheap; registration hashes a password) enter them. Then the 10,000 tabs: one per
 * room member (owners' tabs hold their five rooms), a second tab of some members that shows
 * another page (no room presence), and anonymous visitors (only `common`).
 */
const ROOMS_PER_OWNER = 5;

async function api(port, path, token, body = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `task(i)` for i < count, `concurrency` at a time; the answers in order. */
async function inParallel(count, concurrency, task) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** What other members see in a presence channel: the server's ChannelPolicy.memberInfo. */
const memberInfo = (user) => ({
  id: user.id,
  slug: user.slug,
  nick: user.nick.nick,
  roles: user.roles,
});

async function guests(port, count, tag) {
  return inParallel(count, 8, async (i) => {
    const json = await api(port, '/api/auth/guest/register', null, { nick: `sg${i}_${tag}` });
    return { id: json.data.user.id, token: json.meta.token, info: memberInfo(json.data.user) };
  });
}

/** Registered users (a password hash each: the costly part), with their presence info. */
async function users(port, count, prefix, tag) {
  return inParallel(count, 8, async (i) => {
    const json = await api(port, '/api/auth/register', null, {
      nick: `${prefix}${i}_${tag}`,
      password: 'bench-pass-1',
      password_confirmation: 'bench-pass-1',
    });
    return { id: json.data.user.id, token: json.meta.token, info: memberInfo(json.data.user) };
  });
}

/**
 * Makes the rooms and members and lays out the tabs. `tabs` total; `members` of them in room
 * presence (owners included); `rooms` rooms; `registered` users beyond the owners.
 */
export async function makePopulation(port, { tabs, members, rooms, registered }) {
  const tag = Date.now().toString(36).slice(-4);
  const ownerCount = Math.ceil(rooms / ROOMS_PER_OWNER);
  const owners = await users(port, ownerCount, 'so', tag);
  const roomIds = await inParallel(rooms, 4, async (i) => {
    const owner = owners[Math.floor(i / ROOMS_PER_OWNER)];
    const json = await api(port, '/api/room', owner.token, {
      name_ru: `Комната ${i + 1}`,
      name_en: `Soak room ${i + 1}`,
      public: true,
    });
    return json.data.id;
  });
  owners.forEach(
    (o, i) => (o.rooms = roomIds.slice(i * ROOMS_PER_OWNER, (i + 1) * ROOMS_PER_OWNER)),
  );

  const plain = members - ownerCount;
  const people = [
    ...(await users(port, Math.min(registered, plain), 'su', tag)),
    ...(await guests(port, Math.max(0, plain - registered), tag)),
  ];
  people.forEach((p, i) => (p.rooms = [roomIds[i % roomIds.length]]));
  await inParallel(people.length, 8, (i) =>
    api(port, `/api/room/${people[i].rooms[0]}/enter`, people[i].token),
  );

  const member = (p) => ({ kind: 'member', userId: p.id, info: p.info, rooms: p.rooms });
  const others = tabs - members;
  const secondTabs = Math.min(people.length, Math.floor(others / 2));
  const list = [
    ...owners.map(member),
    ...people.map(member),
    ...people.slice(0, secondTabs).map((p) => ({ kind: 'signedIn', userId: p.id })),
    ...Array.from({ length: others - secondTabs }, () => ({ kind: 'anonymous' })),
  ];
  return {
    roomIds,
    owners,
    tabs: list,
    counts: {
      rooms: roomIds.length,
      owners: owners.length,
      registered: owners.length + Math.min(registered, plain),
      guests: Math.max(0, plain - registered),
      presenceTabs: owners.length + people.length,
      secondTabs,
      anonymousTabs: others - secondTabs,
    },
  };
}
