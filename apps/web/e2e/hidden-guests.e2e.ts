/**
 * Issue 20, point 1: nobody talks into a void. Guests stay hidden by default (show_guests off),
 * but the registered person is told how many guests and guest messages are hidden, with one click
 * to show them (and to hide them again); a guest's mention of them is never hidden; the guest is
 * told once what hidden means for them and is one click from registering under their nick.
 */
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsGuest,
  enterAsUser,
  enterRoom,
  messageWith,
  send,
} from './chat-kit';
import { uniqueNick } from './api';

const session = useBrowser();

/** A public room of this journey's own, so other journeys' people do not change its counts. */
async function freshRoom(baseUrl: string, token: string, name: string): Promise<number> {
  const response = await apiJson(baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: `${name} ру`, name_en: name, public: true },
  });
  if (!response.ok) throw new Error(`room failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A guest who talks through the API only. */
async function apiGuest(baseUrl: string): Promise<{ id: number; nick: string; token: string }> {
  const nick = uniqueNick('Gst');
  const response = await apiJson(baseUrl, '/api/auth/guest/register', {
    method: 'POST',
    body: { nick },
  });
  if (!response.ok) throw new Error(`guest failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as {
    data: { user: { id: number } };
    meta: { token: string };
  };
  return { id: body.data.user.id, nick, token: body.meta.token };
}

describe('hidden guests, told honestly', () => {
  it('counts hidden guests and their messages for a registered person (en), shows them on a click, never hides a mention', async () => {
    const owner = await apiUser(session.baseUrl, 'Own');
    const roomId = await freshRoom(session.baseUrl, owner.token, uniqueNick('Void'));

    const page = await session.newPage();
    const me = await enterAsUser(page, session.baseUrl, 'en');
    await enterRoom(page, roomId);

    // Two guests talk there; registered people do not see guests by default.
    const ann = await apiGuest(session.baseUrl);
    const bob = await apiGuest(session.baseUrl);
    await apiEnterRoom(session.baseUrl, ann.token, roomId);
    await apiEnterRoom(session.baseUrl, bob.token, roomId);
    await apiSend(session.baseUrl, ann.token, roomId, 'anyone here?');
    await apiSend(session.baseUrl, bob.token, roomId, 'hello, room');
    await apiSend(session.baseUrl, bob.token, roomId, 'so quiet');
    // Addressed to me by name: shown whatever the setting says.
    await apiSend(session.baseUrl, ann.token, roomId, `${me.nick}, can you read us?`);
    await messageWith(page, 'can you read us?').waitFor();
    expect(await messageWith(page, 'so quiet').count()).toBe(0);

    const line = page.getByTestId('guests-line');
    await expect.poll(() => line.textContent()).toBe('2 shown · 2 guests hidden');
    expect(await page.getByTestId('room-people').textContent()).toBe('2 people · 2 guests hidden');
    const bar = page.getByTestId('hidden-guest-messages');
    await expect.poll(() => bar.textContent()).toBe('3 messages from guests are hidden · Show');
    await shot(page, 'hidden-guests-counted-en');

    // One click on the bar: the guests and their words appear.
    await page.getByTestId('show-guest-messages').click();
    await messageWith(page, 'so quiet').waitFor();
    await page.getByTestId(`room-user-${ann.id}`).waitFor();
    await page.getByTestId(`room-user-${bob.id}`).waitFor();
    await bar.waitFor({ state: 'detached' });
    await expect.poll(() => line.textContent()).toBe('4 shown · Hide guests');
    await shot(page, 'hidden-guests-shown-en');

    // And it is plain how to hide them again: from the list's own line.
    await page.getByTestId('hide-guests').click();
    await page.getByTestId(`room-user-${ann.id}`).waitFor({ state: 'detached' });
    await expect.poll(() => line.textContent()).toBe('2 shown · 2 guests hidden');
    await messageWith(page, 'so quiet').waitFor({ state: 'detached' });
    // The list's own count shows them too.
    await page.getByTestId('show-guests').click();
    await page.getByTestId(`room-user-${bob.id}`).waitFor();
  });

  it('tells a guest (ru, phone) once that registered people do not see guests, and registers them in one click', async () => {
    const owner = await apiUser(session.baseUrl, 'Own');
    const roomId = await freshRoom(session.baseUrl, owner.token, uniqueNick('Tiho'));
    const page = await session.newPage({ viewport: { width: 375, height: 740 } });
    const guest = await enterAsGuest(page, 'ru');
    await enterRoom(page, roomId);
    await send(page, 'есть кто?');

    const notice = page.getByTestId('guest-chat-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'Зарегистрированные участники не видят гостей, пока сами не включат их показ',
    );
    // The register button sits in the chat's header on a phone too: one click from the chat.
    const register = page.getByTestId('chat-register');
    expect(await register.isVisible()).toBe(true);
    await shot(page, 'guest-notice-ru-375');
    await register.click();
    const dialog = page.getByRole('dialog', { name: 'Регистрация' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Ник', { exact: true }).inputValue())
      .toBe(guest.nick);
    // The dialog has finished fading in before the picture.
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('.modal.show') ?? document.body).opacity === '1',
    );
    await shot(page, 'guest-register-ru-375');
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // Said once: dismissed, it stays away after a reload (remembered in this browser).
    await page.getByTestId('guest-notice-dismiss').click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('composer').waitFor();
    expect(await page.getByTestId('guest-chat-notice').count()).toBe(0);
    expect(await page.getByTestId('chat-register').isVisible()).toBe(true);
  });
});
