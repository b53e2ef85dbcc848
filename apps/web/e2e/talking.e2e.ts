import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser, waitForTitle } from './browser';
import {
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsUser,
  enterRoom,
  messageId,
  messageWith,
  pendingWith,
  send,
  type Locale,
} from './chat-kit';

const session = useBrowser();

// "Флудилка" / "Chit-chat" and "Музыка" / "Music": the texts here are unique, so others'
// messages in them do not matter.
const ROOM = 3;
const OTHER_ROOM = 4;
const PHONE = { width: 375, height: 667 };

/** Holds a finger on the element for a while, as a person does for a long press. */
async function longPress(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  // The press itself lasts; what it shows is waited for below, not timed.
  await page.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The texts of a room's messages after `afterId`, as the API gives them to a member. */
async function roomTextsAfter(token: string, roomId: number, afterId: number): Promise<string[]> {
  const response = await apiJson(session.baseUrl, `/api/room/${roomId}/messages?after=${afterId}`, {
    token,
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { text: string }[] };
  return body.data.map((m) => m.text);
}

describe('talking as people expect', () => {
  it('links open in a new tab, who reacted shows on hover and long press, the title counts unread', async () => {
    // Ann on a desktop in English, Boris on a 375-px phone in Russian, Carl through the API.
    const annPage = await session.newPage();
    const ann = await enterAsUser(annPage, session.baseUrl, 'en', 'Ann');
    const borisPage = await session.newPage({ viewport: PHONE, touch: true });
    const boris = await enterAsUser(borisPage, session.baseUrl, 'ru', 'Boris');
    const carl = await apiUser(session.baseUrl, 'Carl');
    for (const page of [annPage, borisPage]) {
      await enterRoom(page, OTHER_ROOM);
      await enterRoom(page, ROOM);
    }
    await apiEnterRoom(session.baseUrl, carl.token, ROOM);
    await apiEnterRoom(session.baseUrl, carl.token, OTHER_ROOM);
    await waitForTitle(annPage, 'Chat — Chatik');
    await waitForTitle(borisPage, 'Чат — Чатик');

    // The tab title counts what waits in another room, in each language, until it is read.
    await apiSend(session.baseUrl, carl.token, OTHER_ROOM, `News in music from ${carl.nick}`);
    await waitForTitle(annPage, '(1) Chat — Chatik');
    await waitForTitle(borisPage, '(1) Чат — Чатик');
    await shot(borisPage, 'talking-title-unread-ru');
    await enterRoom(annPage, OTHER_ROOM);
    await waitForTitle(annPage, 'Chat — Chatik');
    await enterRoom(annPage, ROOM);

    // Links: a web address is a link to a new tab; a script address stays text.
    const longPath = 'very-long-path-segment/'.repeat(8);
    const text =
      `Docs at https://example.com/docs?q="quoted"&x=1 and www.example.org, ` +
      `not javascript:alert(1), and https://example.com/${longPath}end`;
    await send(annPage, text);
    const onPhone = messageWith(borisPage, 'Docs at');
    await onPhone.waitFor();
    const links = onPhone.locator('.chat-message-text a');
    expect(await links.count()).toBe(3);
    const first = links.first();
    expect(await first.getAttribute('href')).toBe('https://example.com/docs?q="quoted"&x=1');
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await links.nth(1).getAttribute('href')).toBe('https://www.example.org');
    const long = links.nth(2);
    expect(await long.getAttribute('href')).toBe(`https://example.com/${longPath}end`);
    expect(await long.getAttribute('title')).toBe(`https://example.com/${longPath}end`);
    expect(await long.textContent()).toContain('…');
    expect(await onPhone.textContent()).toContain('javascript:alert(1)');
    // The long address wraps: nothing is wider than the phone.
    expect(
      await borisPage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width);
    expect((await onPhone.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(PHONE.width);
    await shot(borisPage, 'talking-links-phone-ru');

    // A click opens the page in a new tab, which cannot reach back to the chat.
    await annPage
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Example</title>' }),
      );
    const onDesktop = messageWith(annPage, 'Docs at');
    const [tab] = await Promise.all([
      annPage.context().waitForEvent('page'),
      onDesktop.locator('.chat-message-text a').first().click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://example.com/docs?q=%22quoted%22&x=1');
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    expect(annPage.url()).toMatch(/\/en\/chat/);
    await tab.close();

    // Who reacted: Ann and Carl like Ann's message.
    const id = await messageId(onDesktop);
    await onDesktop.hover();
    await annPage.getByTestId(`message-react-${id}`).click();
    await annPage.getByTestId(`pick-reaction-${id}-like`).click();
    // Ann's like is stored before Carl's, so the tooltip's order is known.
    const annLike = annPage.getByTestId(`reaction-${id}-like`);
    await expect.poll(() => annLike.getAttribute('aria-pressed')).toBe('true');
    const liked = await apiJson(session.baseUrl, `/api/chat/message/${id}/reactions`, {
      method: 'POST',
      token: carl.token,
      body: { reaction: 'like' },
    });
    expect(liked.status).toBe(201);
    await expect.poll(() => annLike.locator('.chat-reaction-count').textContent()).toBe('2');

    // On the desktop, hovering names them.
    await annLike.hover();
    const annTip = annPage.getByTestId(`who-reacted-${id}-like`);
    await annTip.waitFor();
    expect(await annTip.textContent()).toContain(`You and ${carl.nick}`);
    // For the picture: the tooltip has faded in.
    await annTip.evaluate((tip) =>
      Promise.all(tip.getAnimations().map((animation) => animation.finished)),
    );
    await shot(annPage, 'talking-who-reacted-en');

    // On the phone, a long press names them and does not add Boris's like.
    const borisLike = borisPage.getByTestId(`reaction-${id}-like`);
    await expect.poll(() => borisLike.locator('.chat-reaction-count').textContent()).toBe('2');
    await longPress(borisPage, `reaction-${id}-like`);
    const borisTip = borisPage.getByTestId(`who-reacted-${id}-like`);
    await borisTip.waitFor();
    expect(await borisTip.textContent()).toContain(`${ann.nick} и ${carl.nick}`);
    expect(await borisLike.getAttribute('aria-pressed')).toBe('false');
    expect(await borisLike.locator('.chat-reaction-count').textContent()).toBe('2');
    await shot(borisPage, 'talking-who-reacted-phone-ru');
    expect(boris.id).not.toBe(ann.id);
  });

  it.each(['en', 'ru'] as const)(
    'sends 15 quick messages on a 375-px phone (%s): one toast, then all 15 go out once each',
    async (locale: Locale) => {
      const phone = await session.newPage({ viewport: PHONE, touch: true });
      const sender = await enterAsUser(phone, session.baseUrl, locale, 'Quick');
      await enterRoom(phone, ROOM);
      // Someone else in the room, in the other language, counts what arrives.
      const watcherPage = await session.newPage();
      await enterAsUser(watcherPage, session.baseUrl, locale === 'en' ? 'ru' : 'en', 'Watch');
      await enterRoom(watcherPage, ROOM);
      const reader = await apiUser(session.baseUrl, 'Reader');
      await apiEnterRoom(session.baseUrl, reader.token, ROOM);
      const before = await apiSend(session.baseUrl, reader.token, ROOM, `Start ${sender.nick}`);
      await messageWith(phone, `Start ${sender.nick}`).waitFor();

      const texts = Array.from({ length: 15 }, (_, i) => `${sender.nick} quick ${i + 1} of 15`);
      for (const text of texts) await send(phone, text);

      // The server takes 10 in 10 seconds: the rest wait, under one toast that says until when.
      await phone.locator('[data-state="waiting"]').first().waitFor();
      const toasts = phone.getByTestId('toast-danger');
      const tooFast =
        locale === 'en'
          ? /^Too fast\.\.\. Try again in \d+ seconds?\.$/
          : /^Слишком быстро\.\.\. Попробуйте снова через \d+ секунд[уы]?\.$/;
      await expect.poll(async () => (await toasts.allTextContents()).join('|')).toMatch(tooFast);
      expect(await toasts.count()).toBe(1);
      expect(await phone.locator('[data-state="failed"]').count()).toBe(0);
      const waitingLabel =
        locale === 'en' ? 'Waiting, goes out by itself' : 'Ждёт, отправится само';
      expect(await phone.getByText(waitingLabel).count()).toBeGreaterThan(0);
      await shot(phone, `talking-too-fast-phone-${locale}`);

      // By themselves, once sending works again: each exactly once, in the order typed.
      const last = texts.at(-1)!;
      await messageWith(phone, last).waitFor({ timeout: 30_000 });
      await messageWith(watcherPage, last).waitFor({ timeout: 30_000 });
      expect(await pendingWith(phone, sender.nick).count()).toBe(0);
      await toasts.waitFor({ state: 'detached' });
      for (const text of texts) {
        expect(await messageWith(phone, text).count()).toBe(1);
        expect(await messageWith(watcherPage, text).count()).toBe(1);
      }
      const stored = (await roomTextsAfter(reader.token, ROOM, before)).filter((t) =>
        t.startsWith(`${sender.nick} quick`),
      );
      expect(stored).toEqual(texts);
      await shot(phone, `talking-too-fast-sent-phone-${locale}`);
    },
  );
});
