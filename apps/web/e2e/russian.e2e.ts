import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  apiEnterRoom,
  apiJson,
  apiTopUp,
  apiUser,
  enterRoom,
  signInToChat,
  type Locale,
} from './chat-kit';

const session = useBrowser();

interface Person {
  id: number;
  nick: string;
  slug: string;
  token: string;
}

async function call(person: Person, path: string, body?: unknown, method = 'POST') {
  const response = await apiJson(session.baseUrl, path, { method, token: person.token, body });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json().catch(() => null)) as { data: Record<string, unknown> } | null;
}

/** A rose from `from` to `to`, paid for first. */
async function giveRose(from: Person, to: Person): Promise<void> {
  await apiTopUp(session.baseUrl, from, 100);
  const gifts = (await (await apiJson(session.baseUrl, '/api/gifts')).json()) as {
    data: { id: number; image: string }[];
  };
  const rose = gifts.data.find((g) => g.image.includes('rose'));
  if (!rose) throw new Error('no rose in the catalogue');
  await call(from, '/api/gifts/send', { gift_id: rose.id, user_id: to.id });
}

/**
 * A public room of this journey's own, made by a new person of its own (the admin's own rooms are
 * capped, and other journeys make theirs too).
 */
async function ownRoom(ru: string, en: string): Promise<number> {
  const host = await apiUser(session.baseUrl, 'Host');
  const response = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token: host.token,
    body: { name_ru: ru, name_en: en, public: true },
  });
  if (response.status !== 201) throw new Error(`room: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A sign-in from a client whose user agent names no browser ("curl"). */
async function signInFromCurl(person: Person): Promise<void> {
  const response = await fetch(`${session.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
    body: JSON.stringify({ nick_or_phone: person.nick, password: 'secret-123' }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status}`);
}

/** The texts of the bell's notifications of one type, once `count` of them are there. */
async function bellTexts(page: Page, type: string, count: number): Promise<string[]> {
  await page.getByTestId('bell').click();
  const notes = page
    .getByTestId('bell-menu')
    .locator(`[data-testid="notification"][data-type="${type}"]`)
    .getByTestId('notification-open');
  await expect.poll(() => notes.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return notes.allTextContents();
}

/** Sees the whole journey in one language; answers the people for the checks. */
async function journey(page: Page, locale: Locale, room: { id: number; name: string }) {
  const reader = await apiUser(session.baseUrl, locale === 'ru' ? 'Вера' : 'Vera', {
    gender: 'female',
  });
  const marina = await apiUser(session.baseUrl, locale === 'ru' ? 'Марина' : 'Marina', {
    gender: 'female',
  });
  const bob = await apiUser(session.baseUrl, 'Bob', { gender: 'male' });
  for (const person of [marina, bob]) {
    await apiEnterRoom(session.baseUrl, person.token, room.id);
    await call(person, `/api/room/${room.id}/state`, { state_id: 2 });
  }
  await signInToChat(page, locale, reader.nick);
  await enterRoom(page, room.id);
  return { reader, marina, bob };
}

const stateOf = (page: Page, person: Person) =>
  page
    .getByTestId(`room-user-${person.id}`)
    .locator('.chat-state-dot')
    .first()
    .getAttribute('aria-label');

describe('Russian as Russians write it, English as the English do', () => {
  it('agrees with each person’s gender, declines no name, and leaves no English (ru)', async () => {
    const salt = Date.now() % 10_000;
    const room = { id: 0, name: `Флудилка ${salt}` };
    room.id = await ownRoom(room.name, `Flood ${salt}`);
    const page = await session.newPage();
    const { reader, marina, bob } = await journey(page, 'ru', room);

    // The composer names the room with a noun that takes the case.
    expect(await page.getByTestId('composer').getAttribute('placeholder')).toBe(
      `Сообщение в комнату «${room.name}»`,
    );
    // Both are away: she "отошла", he "отошёл".
    await expect.poll(() => stateOf(page, marina)).toBe('Отошла');
    expect(await stateOf(page, bob)).toBe('Отошёл');
    await shot(page, 'russian-ru-room');

    // Gifts: "Bob подарил", "Марина подарила", in the bell and on the profile.
    await giveRose(bob, reader);
    await giveRose(marina, reader);
    const gifts = await bellTexts(page, 'gift', 2);
    expect(gifts).toContain(`${bob.nick} подарил вам подарок: Роза`);
    expect(gifts).toContain(`${marina.nick} подарила вам подарок: Роза`);
    await shot(page, 'russian-ru-bell');
    await page.keyboard.press('Escape');
    await page.goto(`/ru/profile/${encodeURIComponent(reader.slug)}`);
    const senders = page.getByTestId('profile-gifts').getByTestId('gift-sender');
    await expect.poll(() => senders.count()).toBe(2);
    expect((await senders.allTextContents()).sort()).toEqual(
      [`— подарил ${bob.nick}`, `— подарила ${marina.nick}`].sort(),
    );
    await shot(page, 'russian-ru-profile-gifts');

    // Her complaint: "Пожаловалась", not "Пожаловался".
    const complaint = await call(reader, '/api/complaints', {
      target_type: 'user',
      target_id: bob.id,
      reason: 'insult',
    });
    await page.goto(`/ru/complaints/${String(complaint?.data.id)}`);
    const summary = page.getByTestId('complaint-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Пожаловалась');
    expect(await summary.textContent()).not.toContain('Пожаловался');
    await shot(page, 'russian-ru-complaint');

    // The security page and the new sign-in notice: no "Unknown browser", no "on Linux".
    await signInFromCurl(reader);
    await page.goto('/ru/my/security');
    const devices = page.getByTestId('device');
    await expect.poll(() => devices.count()).toBeGreaterThanOrEqual(3);
    const list = (await devices.allTextContents()).join(' | ');
    expect(list).toContain('Неизвестный браузер');
    expect(list).toMatch(/Headless Chrome \d+ на Linux/);
    expect(list).not.toMatch(/Unknown|browser| on /);
    await shot(page, 'russian-ru-security');
    const signIns = await bellTexts(page, 'new_device', 2);
    expect(signIns.join(' | ')).toContain('Новый вход: Неизвестный браузер');
    expect(signIns.join(' | ')).not.toMatch(/Unknown|browser| on /);
    await shot(page, 'russian-ru-bell-devices');

    // An unknown address: the page's own words, not its translation keys.
    await page.keyboard.press('Escape');
    await page.goto('/ru/nowhere-at-all');
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Страница не найдена');
    expect(await page.getByTestId('not-found').textContent()).not.toContain('notFound.');
    await shot(page, 'russian-ru-not-found');
  });

  it('says the same in English on a phone, with no Russian left over (en, 375 px)', async () => {
    const salt = Date.now() % 10_000;
    const room = { id: 0, name: `Flood ${salt}` };
    room.id = await ownRoom(`Флудилка ${salt}`, room.name);
    const page = await session.newPage({ viewport: { width: 375, height: 740 }, touch: true });
    const { reader, bob } = await journey(page, 'en', room);
    // A phone's box is narrow: the short form, whole, instead of a room's name cut in two.
    expect(await page.getByTestId('composer').getAttribute('placeholder')).toBe('Message…');
    await shot(page, 'russian-en-room-375');

    await giveRose(bob, reader);
    const gifts = await bellTexts(page, 'gift', 1);
    expect(gifts).toContain(`${bob.nick} sent you a gift: Rose`);
    await page.keyboard.press('Escape');

    await signInFromCurl(reader);
    await page.goto('/en/my/security');
    const devices = page.getByTestId('device');
    await expect.poll(() => devices.count()).toBeGreaterThanOrEqual(3);
    const list = (await devices.allTextContents()).join(' | ');
    expect(list).toContain('Unknown browser');
    expect(list).toMatch(/Headless Chrome \d+ on Linux/);
    expect(await page.locator('main').textContent()).not.toMatch(/[а-яё]/i);
    await shot(page, 'russian-en-security-375');
  });
});
