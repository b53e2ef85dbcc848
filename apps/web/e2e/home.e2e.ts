import type { HomeOverview } from '@chat/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueNick } from './api';
import { shot, useBrowser, waitForTitle } from './browser';
import { apiEnterRoom, apiJson, apiUser, enterAsUser } from './chat-kit';

const session = useBrowser();
const PHONE = { viewport: { width: 375, height: 812 }, touch: true };

async function overview(): Promise<HomeOverview> {
  const response = await apiJson(session.baseUrl, '/api/home');
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: HomeOverview }).data;
}

/**
 * A new public room busier than any other (and a private one beside it), then the server's
 * answer once its few seconds of cache have passed: what the home page should show.
 */
async function busiestRoom(): Promise<{ id: number; ru: string; en: string; people: number }> {
  const before = await overview();
  const people = Math.max(0, ...before.rooms.map((r) => r.users_count)) + 1;
  const host = await apiUser(session.baseUrl, 'Host');
  const salt = uniqueNick('').slice(0, 10);
  const names = { ru: `Оживлённая ${salt}`, en: `Lively ${salt}` };
  const created = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token: host.token,
    body: { name_ru: names.ru, name_en: names.en, public: true },
  });
  expect(created.status).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  for (let n = 1; n < people; n += 1)
    await apiEnterRoom(session.baseUrl, (await apiUser(session.baseUrl, 'Guest')).token, id);
  // Its host is in a private room too, which no home page may name.
  const secret = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token: host.token,
    body: { name_ru: `Тайная ${salt}`, name_en: `Secret ${salt}`, public: false },
  });
  expect(secret.status).toBe(201);
  await expect
    .poll(async () => (await overview()).rooms[0], { timeout: 20_000, interval: 500 })
    .toEqual({ id, name: names, users_count: people });
  return { id, ...names, people };
}

/** No sideways scrolling: everything fits the window's width. */
async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the home page', () => {
  it('shows a visitor who is in the chat, the busiest rooms and the guest entry (ru phone, en desktop)', async () => {
    const room = await busiestRoom();
    const page = await session.newPage(PHONE);
    await page.goto('/');
    const online = page.getByTestId('online-now');
    await online.waitFor();
    const count = Number(/(\d+)/.exec((await online.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(room.people);
    expect(await online.textContent()).toMatch(/^Сейчас в чате \d+ человека?$/);
    const first = page.getByTestId('home-room').first();
    expect(await first.getAttribute('data-room-id')).toBe(String(room.id));
    expect(await first.locator('h3').textContent()).toBe(room.ru);
    expect(await first.getByTestId('home-room-count').textContent()).toMatch(
      new RegExp(`^ ?${room.people} человека?$`),
    );
    expect(await page.getByText(/^Тайная /).count()).toBe(0);
    await page.getByTestId('guest-form').waitFor();
    await page.getByTestId('home-sign-in').waitFor();
    await page.getByTestId('home-register').waitFor();
    expect(await page.getByTestId('open-chat').count()).toBe(0);
    await fitsWidth(page);
    await shot(page, 'home-visitor-ru-phone');
    await page.getByTestId('home-rooms').scrollIntoViewIfNeeded();
    await shot(page, 'home-visitor-ru-phone-rooms');

    // Its button leads into that room's address.
    await first.getByRole('link', { name: `Войти в комнату «${room.ru}»` }).click();
    await page.waitForURL((url) => url.pathname === `/ru/chat/${room.id}`);
    await page.getByTestId('chat-welcome').waitFor();

    const desktop = await session.newPage();
    await desktop.goto('/en');
    await desktop.getByTestId('home-rooms').waitFor();
    expect(await desktop.getByTestId('online-now').textContent()).toMatch(
      /^\d+ (person|people) in the chat now$/,
    );
    const top = desktop.getByTestId('home-room').first();
    expect(await top.locator('h3').textContent()).toBe(room.en);
    expect(await top.getByTestId('home-room-count').textContent()).toMatch(
      new RegExp(`^ ?${room.people} (person|people)$`),
    );
    await desktop.getByRole('button', { name: 'Enter as guest' }).waitFor();
    await fitsWidth(desktop);
    await shot(desktop, 'home-visitor-en-desktop');
  });

  it('gives a signed-in person a big "Open the chat" and a way into a busy room (en desktop, ru phone)', async () => {
    const room = await busiestRoom();
    const page = await session.newPage();
    await enterAsUser(page, session.baseUrl, 'en', 'Home');
    await page.goto('/en');
    const open = page.getByTestId('open-chat');
    await open.waitFor();
    expect((await open.textContent())?.trim()).toBe('Open the chat');
    await page.getByTestId('home-rooms').waitFor();
    expect(await page.getByTestId('guest-form').count()).toBe(0);
    await fitsWidth(page);
    await shot(page, 'home-signed-in-en-desktop');

    // A room's button opens that very room, entering it.
    await page
      .getByTestId('home-room')
      .first()
      .getByRole('link', { name: `Enter the room “${room.en}”` })
      .click();
    await page.waitForURL((url) => url.pathname === `/en/chat/${room.id}`);
    const tab = page.getByTestId(`room-select-${room.id}`);
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    await page.getByTestId('composer').waitFor();

    await page.goto('/en');
    await page.getByTestId('open-chat').click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/chat'));
    await page.getByTestId('composer').waitFor();

    // The same person on a phone, in Russian.
    const phone = await session.newPage(PHONE);
    await enterAsUser(phone, session.baseUrl, 'ru', 'Дом');
    await phone.goto('/ru');
    await phone.getByTestId('open-chat').waitFor();
    expect((await phone.getByTestId('open-chat').textContent())?.trim()).toBe('Открыть чат');
    expect(await phone.getByTestId('home-room').first().locator('h3').textContent()).toBe(room.ru);
    await fitsWidth(phone);
    await shot(phone, 'home-signed-in-ru-phone');
  });
});

describe('the server before any script runs', () => {
  const html = async (path: string) => {
    const response = await fetch(`${session.baseUrl}${path}`, { redirect: 'manual' });
    const text = await response.text();
    return {
      status: response.status,
      location: response.headers.get('location'),
      lang: /<html lang="([^"]*)"/.exec(text)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(text)?.[1],
      ogLocale: /<meta property="og:locale" content="([^"]*)"/.exec(text)?.[1],
    };
  };

  it('answers each address with its status, language and title', async () => {
    expect(await html('/')).toMatchObject({
      status: 200,
      lang: 'ru',
      title: 'Бесплатный русский онлайн-чат',
      ogLocale: 'ru_RU',
    });
    expect(await html('/en')).toMatchObject({
      status: 200,
      lang: 'en',
      title: 'Free russian online chat',
      ogLocale: 'en_US',
    });
    expect(await html('/en/chat/1')).toMatchObject({
      status: 200,
      lang: 'en',
      title: 'Chat — Chatik',
    });
    expect(await html('/ru/login')).toMatchObject({
      status: 200,
      lang: 'ru',
      title: 'Вход — Чатик',
    });
    expect((await html('/en')).description).toMatch(/^Free online chat/);
    expect((await html('/ru')).description).toMatch(/^Бесплатный онлайн-чат/);
    expect(await html('/en/no/such/page')).toMatchObject({
      status: 404,
      lang: 'en',
      title: 'Page not found — Chatik',
    });
    expect(await html('/ru/forum')).toMatchObject({
      status: 200,
      lang: 'ru',
      title: 'Форум — Чатик',
    });
    // Art and quotes are not there yet: their addresses are no pages until they land.
    expect(await html('/ru/quotes')).toMatchObject({
      status: 404,
      lang: 'ru',
      title: 'Страница не найдена — Чатик',
    });
    expect(await html('/de/login')).toMatchObject({ status: 301, location: '/en/login' });
  });

  it('gives a browser without scripts the 404, the language and the title', async () => {
    const page = await session.newPage({ javaScript: false });
    const missing = await page.goto('/en/nothing-here');
    expect(missing?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Page not found — Chatik');
    const chat = await page.goto('/ru/chat');
    expect(chat?.status()).toBe(200);
    expect(await page.title()).toBe('Чат — Чатик');
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');

    // With scripts, the app shows its own 404 page over the same answer.
    const app = await session.newPage();
    const answer = await app.goto('/ru/nothing-here');
    expect(answer?.status()).toBe(404);
    await app.getByTestId('not-found').waitFor();
    await waitForTitle(app, 'Страница не найдена — Чатик');
  });
});
