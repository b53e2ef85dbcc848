import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bellCount, shot, useBrowser } from './browser';
import { apiEnterRoom, apiJson, apiSend, apiUser, enterAsUser, enterRoom } from './chat-kit';

const session = useBrowser();

// "Games": a room of this journey's own, where A is mentioned while away.
const ROOM = 6;

/**
 * Replaces Web Audio and audio elements' play() with a counter before the page's scripts run: the
 * journey checks that the notification sound was asked for (a synthesised tone, or the site's
 * sound file that is the default for notifications), not what a headless browser makes of it.
 */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number; AudioContext: unknown };
    w.__tones = 0;
    HTMLMediaElement.prototype.play = function play() {
      w.__tones += 1;
      return Promise.resolve();
    };
    const param = () => ({
      setValueAtTime: () => undefined,
      exponentialRampToValueAtTime: () => undefined,
    });
    const node = () => ({ connect: () => undefined });
    w.AudioContext = class {
      state = 'running';
      currentTime = 0;
      destination = node();
      resume() {
        return Promise.resolve();
      }
      createOscillator() {
        w.__tones += 1;
        return { ...node(), type: 'sine', frequency: param(), start: () => 0, stop: () => 0 };
      }
      createGain() {
        return { ...node(), gain: param() };
      }
    };
  });
}

const tones = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tones: number }).__tones);
async function askFriendship(baseUrl: string, token: string, userId: number): Promise<void> {
  const response = await apiJson(baseUrl, `/api/friends/${userId}`, { method: 'POST', token });
  if (!response.ok) throw new Error(`friend request: ${response.status} ${await response.text()}`);
}

describe('notifications', () => {
  it('a friend request rings the bell, is accepted from it; mark all read; a mention while away', async () => {
    const pageA = await session.newPage();
    await countTones(pageA);
    const a = await enterAsUser(pageA, session.baseUrl, 'en', 'NoA');
    await enterRoom(pageA, ROOM);
    await pageA.getByTestId('bell').waitFor();
    // Registering through the API and then signing in here is already a "new sign-in" for A.
    const start = Number((await bellCount(pageA)) ?? 0);

    // B and D ask A for friendship through the API; A's bell rises live, with the sound.
    const b = await apiUser(session.baseUrl, 'NoB');
    const d = await apiUser(session.baseUrl, 'NoD');
    const before = await tones(pageA);
    await askFriendship(session.baseUrl, b.token, a.id);
    await expect.poll(() => bellCount(pageA), { timeout: 15_000 }).toBe(String(start + 1));
    await expect.poll(() => tones(pageA)).toBeGreaterThan(before);
    await askFriendship(session.baseUrl, d.token, a.id);
    await expect.poll(() => bellCount(pageA), { timeout: 15_000 }).toBe(String(start + 2));
    await shot(pageA, 'notifications-bell-en');

    // The dropdown: both requests, unread; A accepts B's.
    await pageA.getByTestId('bell').click();
    const menu = pageA.getByTestId('bell-menu');
    const fromB = menu.getByTestId('notification').filter({ hasText: b.nick });
    await expect.poll(() => fromB.textContent()).toContain(`${b.nick} wants to be your friend`);
    expect(await fromB.getAttribute('data-unread')).toBe('true');
    await shot(pageA, 'notifications-dropdown-en');
    await fromB.getByTestId('friend-accept').click();
    await expect
      .poll(() => fromB.getByTestId('friend-answer').textContent())
      .toBe('You are now friends');
    await expect.poll(() => bellCount(pageA)).toBe(String(start + 1));
    const friends = await apiJson(session.baseUrl, '/api/friends', { token: b.token });
    const list = (await friends.json()) as { data: { friends: { id: number }[] } };
    expect(list.data.friends.map((f) => f.id)).toContain(a.id);

    // Mark all read: D's request stops being highlighted, the count goes.
    await menu.getByTestId('bell-read-all').click();
    await expect.poll(() => bellCount(pageA)).toBe(null);
    const states = await menu
      .getByTestId('notification')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-unread')));
    expect(states.every((s) => s === 'false')).toBe(true);
    await shot(pageA, 'notifications-read-all-en');
    await pageA.keyboard.press('Escape');

    // A goes away (the tab closes); C mentions A in the room meanwhile.
    await pageA.goto('about:blank');
    const c = await apiUser(session.baseUrl, 'NoC');
    await apiEnterRoom(session.baseUrl, c.token, ROOM);
    await new Promise((r) => setTimeout(r, 1500));
    await apiSend(session.baseUrl, c.token, ROOM, `${a.nick}, are you there?`);

    // Back on the home page: the bell says so from the user data, and the mention opens the room.
    await pageA.goto('/en');
    await expect.poll(() => bellCount(pageA), { timeout: 15_000 }).toBe('1');
    await pageA.getByTestId('bell').click();
    const mention = pageA
      .getByTestId('bell-menu')
      .locator('[data-testid="notification"][data-type="mention"]');
    await expect.poll(() => mention.textContent()).toContain(`${c.nick} mentioned you`);
    await shot(pageA, 'notifications-mention-en');
    await mention.getByTestId('notification-open').click();
    await pageA.waitForURL(/\/en\/chat(\/\d+)?$/);
    await expect
      .poll(() => pageA.getByTestId(`room-select-${ROOM}`).getAttribute('aria-selected'), {
        timeout: 15_000,
      })
      .toBe('true');
    await expect.poll(() => bellCount(pageA)).toBe(null);

    // The full list, as a tab of /my.
    await pageA.goto('/en/my/notifications');
    await pageA.getByTestId('notifications-list').getByTestId('notification').first().waitFor();
    await shot(pageA, 'notifications-list-en');

    // The same account on a phone, in Russian: the new sign-in is itself a notification.
    const phone = await session.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto('/ru/chat');
    await phone.getByTestId('chat-sign-in').click();
    const dialog = phone.getByRole('dialog', { name: 'Вход' });
    await dialog.getByLabel('Ник или телефон').fill(a.nick);
    await dialog.getByLabel('Пароль').fill('secret-123');
    await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
    await phone.getByTestId('bell').waitFor();
    await phone.getByTestId('bell').click();
    const device = phone
      .getByTestId('bell-menu')
      .locator('[data-testid="notification"][data-type="new_device"]')
      .first();
    await expect.poll(() => device.textContent(), { timeout: 15_000 }).toContain('Новый вход');
    expect(await device.getAttribute('data-unread')).toBe('true');
    await shot(phone, 'notifications-dropdown-ru-375');
    await phone.goto('/ru/my/notifications');
    await phone.getByTestId('notifications-list').getByTestId('notification').first().waitFor();
    await shot(phone, 'notifications-list-ru-375');
  });
});
