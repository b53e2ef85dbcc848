/**
 * Issue 20, point 3: online means online. A closed tab leaves the room's list and People →
 * Online within seconds (the socket's close, after a short grace), several tabs count as one,
 * whoever comes back is listed at once; a new public room appears in others' room menus; an
 * accepted friend request updates the open profile; a new moderator's menu grows without a
 * reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerWithToken, uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import {
  adminToken,
  apiJson,
  apiUser,
  enterAsUser,
  enterRoom,
  roomChannel,
  subscribing,
} from './chat-kit';

const session = useBrowser();

/** The server's grace before a closed last tab counts as gone (features/chat/room-presence.ts). */
const GRACE_MS = 5_000;

async function createRoom(token: string, name: string, isPublic: boolean): Promise<number> {
  const response = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: `${name} ру`, name_en: name, public: isPublic },
  });
  if (!response.ok) throw new Error(`room failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The ids People → Online lists now (the API the page reads, its largest page). */
async function onlineIds(): Promise<number[]> {
  const response = await apiJson(session.baseUrl, '/api/profiles/online?per_page=200');
  const body = (await response.json()) as { data: { user: { id: number } }[] };
  return body.data.map((row) => row.user.id);
}

/** Opens the chat in another tab of the same browser and waits until it hears the room. */
async function openTab(like: Page, roomId: number): Promise<Page> {
  const tab = await like.context().newPage();
  await subscribing(tab, [roomChannel(roomId)], () => tab.goto('/ru/chat'));
  return tab;
}

describe('online means online', () => {
  it('takes a closed tab off the room and People → Online in seconds, counts tabs as one, and lists a returner at once', async () => {
    const owner = await apiUser(session.baseUrl, 'Own');
    const roomId = await createRoom(owner.token, uniqueNick('Here'), true);

    const watcher = await session.newPage();
    await enterAsUser(watcher, session.baseUrl, 'en');
    await enterRoom(watcher, roomId);

    const first = await session.newPage();
    const bob = await enterAsUser(first, session.baseUrl, 'ru', 'Bob');
    await enterRoom(first, roomId);
    const bobEntry = watcher.getByTestId(`room-user-${bob.id}`);
    await bobEntry.waitFor();
    expect(await onlineIds()).toContain(bob.id);

    // A second tab, then the first one closes: Bob is still there.
    const second = await openTab(first, roomId);
    await first.close();
    // Past the grace, the other tab still counts.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 2_000));
    expect(await bobEntry.isVisible()).toBe(true);
    expect(await onlineIds()).toContain(bob.id);

    // The last tab closes: off the room's list, live, and off People → Online.
    await second.close();
    await bobEntry.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(onlineIds, { timeout: 10_000 }).not.toContain(bob.id);
    await shot(watcher, 'online-closed-tab-gone-en');

    // Back (a new tab in the same browser, its cookies kept): listed again at once, his room
    // still his.
    await openTab(second, roomId);
    await bobEntry.waitFor();
    expect(await onlineIds()).toContain(bob.id);
  });

  it('shows a new public room in others’ room menus at once, and never a private one', async () => {
    const page = await session.newPage();
    await enterAsUser(page, session.baseUrl, 'en');
    await enterRoom(page, 1);
    const maker = await apiUser(session.baseUrl, 'Mkr');
    const open = await createRoom(maker.token, uniqueNick('Fresh'), true);
    const closed = await createRoom(maker.token, uniqueNick('Secret'), false);
    await page.getByTestId('add-room').click();
    await page.getByTestId(`enter-room-${open}`).waitFor();
    expect(await page.getByTestId(`enter-room-${closed}`).count()).toBe(0);
    await shot(page, 'online-new-room-menu-en');
    await page.getByTestId(`enter-room-${open}`).click();
    await page.getByTestId(`room-select-${open}`).waitFor();
  });

  it('updates an open profile when a friend request is accepted, and grows a new moderator’s menu live', async () => {
    const page = await session.newPage();
    const ann = await enterAsUser(page, session.baseUrl, 'en', 'Ann');
    const bob = await registerWithToken(session.baseUrl, {
      nick: uniqueNick('Bob'),
      password: 'secret-123',
    });
    await subscribing(page, [`private-user.${ann.id}`], () =>
      page.goto(`/en/profile/${bob.data.user.slug}`),
    );
    await page.getByTestId('friend-add').click();
    const standing = page.getByTestId('profile-friendship');
    await expect.poll(() => standing.textContent()).toBe('Friend request sent');

    // Bob accepts elsewhere: Ann's open page follows, without a reload.
    const accepted = await apiJson(session.baseUrl, `/api/friends/${ann.id}`, {
      method: 'POST',
      token: bob.token,
    });
    expect(accepted.ok).toBe(true);
    await expect.poll(() => standing.textContent()).toBe('You are friends');
    await page.getByTestId('friend-remove').waitFor();
    await shot(page, 'online-friend-accepted-en');

    // An admin makes Ann a moderator: her menu grows; back to a user, it shrinks.
    expect(await page.getByTestId('nav-moderation').count()).toBe(0);
    const admin = await adminToken(session.baseUrl);
    const setRole = async (role: string) => {
      const res = await apiJson(session.baseUrl, `/api/admin/users/${ann.id}/role`, {
        method: 'POST',
        token: admin,
        body: { role },
      });
      expect(res.ok).toBe(true);
    };
    await setRole('moderator');
    await page.getByTestId('nav-moderation').waitFor();
    await shot(page, 'online-new-moderator-en');
    await setRole('user');
    await page.getByTestId('nav-moderation').waitFor({ state: 'detached' });
  });
});
