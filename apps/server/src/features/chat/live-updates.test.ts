/**
 * What open tabs hear without a reload (issue 20, point 3): a new public room for the room
 * menus (never a private one), a friendship's new standing for both people, a role change for
 * the person whose menus follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, signedIn } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('live updates on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));

  it('announces a public room, created or made public, and never a private one', async () => {
    const owner = await person();
    const told = recordEvents(t.app, 'chat.room.available');
    const create = (name: string, isPublic: boolean) =>
      owner.asBrowser({
        method: 'POST',
        url: '/api/room',
        payload: { name_ru: `${name} ру`, name_en: name, public: isPublic },
      });
    const open = await create(`Open${Date.now()}`, true);
    expect(open.statusCode, open.body).toBeLessThan(300);
    const closed = await create(`Closed${Date.now()}`, false);
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    expect(told.map((e) => e.room.name.en)).toEqual([expect.stringMatching(/^Open/)]);
    expect(told[0]?.room.public).toBe(true);
    expect(told[0]?.room).not.toHaveProperty('abilities');

    const closedId = (JSON.parse(closed.body) as { data: { id: number } }).data.id;
    const res = await owner.asBrowser({
      method: 'PATCH',
      url: `/api/room/${closedId}`,
      payload: { public: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(told.map((e) => e.room.id).at(-1)).toBe(closedId);
    // Renaming a public room announces nothing new.
    await owner.asBrowser({
      method: 'PATCH',
      url: `/api/room/${closedId}`,
      payload: { name_en: `Renamed${Date.now()}` },
    });
    expect(told).toHaveLength(2);
  });

  it('tells both people where they stand after a request, an acceptance and a removal', async () => {
    const ann = await person();
    const bob = await person();
    const told = recordEvents(t.app, 'friends.changed');
    const standing = () => told.splice(0).map((e) => [e.userId, e.otherId, e.friendship]);
    await ann.asBrowser({ method: 'POST', url: `/api/friends/${bob.user.id}` });
    expect(standing()).toEqual([
      [ann.user.id, bob.user.id, 'outgoing'],
      [bob.user.id, ann.user.id, 'incoming'],
    ]);
    await bob.asBrowser({ method: 'POST', url: `/api/friends/${ann.user.id}` });
    expect(standing()).toEqual([
      [bob.user.id, ann.user.id, 'friend'],
      [ann.user.id, bob.user.id, 'friend'],
    ]);
    await ann.asBrowser({
      method: 'POST',
      url: `/api/friends/${bob.user.id}`,
      payload: { _method: 'DELETE' },
    });
    expect(standing()).toEqual([
      [ann.user.id, bob.user.id, null],
      [bob.user.id, ann.user.id, null],
    ]);
  });

  it('tells a person whose role changed, so their tabs read their permissions again', async () => {
    const admin = await person('admin');
    const target = await person();
    const told = recordEvents(t.app, 'user.roles');
    const res = await admin.asBrowser({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/role`,
      payload: { role: 'moderator' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(told).toEqual([{ userId: target.user.id, roles: ['user', 'moderator'] }]);
  });

  it('lists the public room it announces in the others’ available rooms', async () => {
    const room = await buildRoom(t.app);
    const other = await person();
    const res = await other.asBrowser({ method: 'GET', url: '/api/chat' });
    const available = (JSON.parse(res.body) as { data: { available: { id: number }[] } }).data
      .available;
    expect(available.map((r) => r.id)).toContain(room.id);
  });
});
