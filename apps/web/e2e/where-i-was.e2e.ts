import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import {
  apiJson,
  apiSend,
  apiUser,
  enterRoom,
  roomChannel,
  subscribing,
  waitForChat,
  type Locale,
} from './chat-kit';

const session = useBrowser();

// "Общий" / "General": the site's main room, where a newcomer starts.
const MAIN_ROOM = 1;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const WORDS = {
  en: {
    enterFailed: 'Failed to enter the room.',
    signIn: 'Sign in',
    signInSubmit: 'Sign in',
    nickOrPhone: 'Nick or phone',
    password: 'Password',
    nick: 'Nick',
    repeat: 'Repeat the password',
    registerSubmit: 'Register',
    guestNick: 'Your nick',
    guestSubmit: 'Enter as guest',
  },
  ru: {
    enterFailed: 'Не удалось войти в комнату.',
    signIn: 'Вход',
    signInSubmit: 'Войти',
    nickOrPhone: 'Ник или телефон',
    password: 'Пароль',
    nick: 'Ник',
    repeat: 'Повторите пароль',
    registerSubmit: 'Зарегистрироваться',
    guestNick: 'Ваш ник',
    guestSubmit: 'Войти как гость',
  },
} as const;

interface Room {
  id: number;
}

/** A room of the journey's own, made by an API user (public, or private to its owner). */
async function apiRoom(baseUrl: string, token: string, isPublic: boolean): Promise<Room> {
  const name = uniqueNick('Room');
  const response = await apiJson(baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: name, name_en: name, public: isPublic },
  });
  if (response.status !== 201)
    throw new Error(`room failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Room }).data;
}

/** A room with enough long messages to scroll on any screen, from three people. */
async function talkativeRoom(baseUrl: string): Promise<{ room: Room; ids: number[] }> {
  const people = await Promise.all([1, 2, 3].map(() => apiUser(baseUrl, 'Talk')));
  const [owner] = people;
  if (!owner) throw new Error('no owner');
  const room = await apiRoom(baseUrl, owner.token, true);
  for (const person of people.slice(1)) {
    await apiJson(baseUrl, `/api/room/${room.id}/enter`, { method: 'POST', token: person.token });
  }
  const ids: number[] = [];
  for (let i = 1; i <= 18; i += 1) {
    const person = people[i % people.length];
    if (!person) continue;
    const line = `Message number ${i} from ${person.nick}, long enough to wrap on a phone. `;
    ids.push(await apiSend(baseUrl, person.token, room.id, line.repeat(3)));
  }
  return { room, ids };
}

const composer = (page: Page) => page.getByTestId('composer');
const currentTab = (page: Page, roomId: number) =>
  page.getByTestId(`room-select-${roomId}`).getAttribute('aria-selected');

async function expectRoomOnScreen(page: Page, locale: Locale, roomId: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/${locale}/chat/${roomId}`);
  await expect.poll(() => currentTab(page, roomId), { timeout: 15_000 }).toBe('true');
  await composer(page).waitFor();
}

/** The id of the first message at least partly visible at the top of the list. */
function topMessage(page: Page): Promise<number | null> {
  return page.getByTestId('message-list').evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    for (const item of list.querySelectorAll<HTMLElement>('[data-message-id]')) {
      if (item.getBoundingClientRect().bottom > top + 1) return Number(item.dataset.messageId);
    }
    return null;
  });
}

function distanceFromBottom(page: Page): Promise<number> {
  return page
    .getByTestId('message-list')
    .evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
}

/** Scrolls the list (as a reader's wheel would) until this message is at its top. */
async function scrollToMessage(page: Page, messageId: number): Promise<void> {
  await page.getByTestId('message-list').evaluate((list, id) => {
    const item = list.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!item) throw new Error(`message ${id} is not in the list`);
    list.scrollTop += item.getBoundingClientRect().top - list.getBoundingClientRect().top;
  }, messageId);
  await expect.poll(() => topMessage(page)).toBe(messageId);
}

async function signInFromWelcome(page: Page, locale: Locale, nick: string): Promise<void> {
  const words = WORDS[locale];
  await page.getByTestId('chat-sign-in').click();
  const dialog = page.getByRole('dialog', { name: words.signIn });
  await dialog.getByLabel(words.nickOrPhone).fill(nick);
  await dialog.getByLabel(words.password).fill('secret-123');
  await dialog.getByRole('button', { name: words.signInSubmit, exact: true }).click();
  await waitForChat(page);
}

async function toastSays(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast-danger').filter({ hasText: text }).first().waitFor();
}

describe.each([
  { locale: 'en' as const, viewport: DESKTOP, touch: false, size: 'desktop' },
  { locale: 'ru' as const, viewport: PHONE, touch: true, size: 'phone' },
])('where I was stays where I was ($locale, $size)', ({ locale, viewport, touch, size }) => {
  it('opens a room by its link, keeps drafts and the reading place, and lands back after sign-in', async () => {
    const { room, ids } = await talkativeRoom(session.baseUrl);
    const stranger = await apiUser(session.baseUrl, 'Priv');
    const secret = await apiRoom(session.baseUrl, stranger.token, false);
    const me = await apiUser(session.baseUrl, 'Here');
    const page = await session.newPage({ viewport, touch });

    // A shared link, opened signed out: the chat invites, and signing in lands in that room.
    // (The socket is watched from before the page opens, so that its subscriptions are seen.)
    await subscribing(page, [roomChannel(room.id)], async () => {
      await page.goto(`/${locale}/chat/${room.id}`);
      await page.getByTestId('chat-welcome').waitFor();
      await signInFromWelcome(page, locale, me.nick);
    });
    await expectRoomOnScreen(page, locale, room.id);
    await shot(page, `where-i-was-link-${locale}-${size}`);

    // Scrolled up to read, with a half-written message: a reload brings both back.
    const reading = ids[6] ?? 0;
    await scrollToMessage(page, reading);
    const draft = `Half a thought in ${locale} ${uniqueNick('D')}`;
    await composer(page).fill(draft);
    await page.waitForTimeout(300); // lets the browser save the place (once per frame)
    await page.reload();
    await expectRoomOnScreen(page, locale, room.id);
    expect(await composer(page).inputValue()).toBe(draft);
    await expect.poll(() => topMessage(page)).toBe(reading);
    await shot(page, `where-i-was-reload-${locale}-${size}`);

    // Another room: the address follows by replacing itself (Back leaves the chat instead of
    // walking back through the tabs); its own draft; then back, where everything waits.
    // (The link's room is the only one entered: the main room is joined from the menu.)
    const historyBefore = await page.evaluate(() => history.length);
    await enterRoom(page, MAIN_ROOM);
    await expectRoomOnScreen(page, locale, MAIN_ROOM);
    await page.getByTestId(`room-select-${room.id}`).click();
    await expectRoomOnScreen(page, locale, room.id);
    await page.getByTestId(`room-select-${MAIN_ROOM}`).click();
    await expectRoomOnScreen(page, locale, MAIN_ROOM);
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(await composer(page).inputValue()).toBe('');
    const otherDraft = `Another draft ${uniqueNick('O')}`;
    await composer(page).fill(otherDraft);
    await page.getByTestId(`room-select-${room.id}`).click();
    await expectRoomOnScreen(page, locale, room.id);
    expect(await composer(page).inputValue()).toBe(draft);
    await expect.poll(() => topMessage(page)).toBe(reading);

    // /chat alone opens the last room seen here.
    await page.goto(`/${locale}/chat`);
    await expectRoomOnScreen(page, locale, room.id);

    // A room that does not exist, and a private one: the spec's words, and the chat as usual.
    for (const id of [999_999, secret.id]) {
      await page.goto(`/${locale}/chat/${id}`);
      await toastSays(page, WORDS[locale].enterFailed);
      await expectRoomOnScreen(page, locale, room.id);
    }
    await shot(page, `where-i-was-refused-${locale}-${size}`);
    expect(await page.getByTestId(`room-select-${secret.id}`).count()).toBe(0);

    // Sent, the draft is gone for good; the other room's stays.
    await page.getByTestId('send').click();
    await page
      .getByTestId(/^message-\d+$/)
      .filter({ hasText: draft })
      .waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe('');
    await subscribing(page, [roomChannel(room.id)], () => page.reload());
    await expectRoomOnScreen(page, locale, room.id);
    expect(await composer(page).inputValue()).toBe('');
    // At the bottom, a reader stays pinned there: after a reload and when more is said.
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(48);
    const late = `A late word ${uniqueNick('L')}`;
    const talker = await apiUser(session.baseUrl, 'Late');
    await apiJson(session.baseUrl, `/api/room/${room.id}/enter`, {
      method: 'POST',
      token: talker.token,
    });
    await apiSend(session.baseUrl, talker.token, room.id, late);
    await page
      .getByTestId(/^message-\d+$/)
      .filter({ hasText: late })
      .waitFor();
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(48);
    await page.getByTestId(`room-select-${MAIN_ROOM}`).click();
    await expectRoomOnScreen(page, locale, MAIN_ROOM);
    expect(await composer(page).inputValue()).toBe(otherDraft);
  });

  it('keeps a guest in the room through registering, and shows no one else their drafts', async () => {
    const { room } = await talkativeRoom(session.baseUrl);
    const words = WORDS[locale];
    const page = await session.newPage({ viewport, touch });

    // A guest follows a link to a room and enters from the invitation.
    const nick = uniqueNick('Guest');
    await subscribing(page, [roomChannel(room.id)], async () => {
      await page.goto(`/${locale}/chat/${room.id}`);
      await page.getByLabel(words.guestNick).fill(nick);
      await page.getByRole('button', { name: words.guestSubmit }).click();
    });
    await expectRoomOnScreen(page, locale, room.id);
    const draft = `Guest draft ${uniqueNick('G')}`;
    await composer(page).fill(draft);

    // The registration page, come to from the room (as a link elsewhere on the site sends a
    // guest there): registering under the same nick lands back in the room, draft and all.
    await page.goto(`/${locale}/register?next=${encodeURIComponent(`/${locale}/chat/${room.id}`)}`);
    const form = page.getByTestId('register-form');
    expect(await form.getByLabel(words.nick, { exact: true }).inputValue()).toBe(nick);
    await form.getByLabel(words.password, { exact: true }).fill('secret-123');
    await form.getByLabel(words.repeat).fill('secret-123');
    await form.getByRole('button', { name: words.registerSubmit }).click();
    await expectRoomOnScreen(page, locale, room.id);
    expect(await composer(page).inputValue()).toBe(draft);
    await shot(page, `where-i-was-registered-${locale}-${size}`);

    // Someone else signs in on this browser: the room opens by its link, without that draft.
    const other = await apiUser(session.baseUrl, 'Other');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('nav-sign-in').waitFor({ state: 'attached' });
    await page.goto(`/${locale}/chat/${room.id}`);
    await signInFromWelcome(page, locale, other.nick);
    await expectRoomOnScreen(page, locale, room.id);
    expect(await composer(page).inputValue()).toBe('');
  });
});
