import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import { uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import { workerServer } from './worker-server';
import { enterAsUser, messageWith, send, type Locale } from './chat-kit';

const session = useBrowser();

// The demo seed's first room, "Общий" / "General": the site's main room.
const MAIN_ROOM = 1;
const MAIN_NAME = { en: 'General', ru: 'Общий' } as const;
const GUEST_FORM = {
  en: { nick: 'Your nick', submit: 'Enter as guest' },
  ru: { nick: 'Ваш ник', submit: 'Войти как гость' },
} as const;

/** Publishes an event as the server would, through its Pusher HTTP API. */
function publisher(): PusherServer {
  const { appId, key, secret } = workerServer().pusherApp;
  const url = new URL(session.baseUrl);
  return new PusherServer({
    appId,
    key,
    secret,
    host: url.hostname,
    port: url.port,
    useTLS: false,
  });
}

describe('the chat as a newcomer meets it', () => {
  it.each<Locale>(['en', 'ru'])(
    'a guest entering on the home page (%s) lands in the chat, in the main room',
    async (locale) => {
      const page = await session.newPage();
      await page.goto(`/${locale}`);
      await page.getByLabel(GUEST_FORM[locale].nick).fill(uniqueNick('Guest'));
      await page.getByRole('button', { name: GUEST_FORM[locale].submit }).click();
      await page.waitForURL(new RegExp(`/${locale}/chat(/\\d+)?$`));
      const tab = page.getByTestId(`room-select-${MAIN_ROOM}`);
      await tab.waitFor();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      expect(await tab.textContent()).toContain(MAIN_NAME[locale]);
      await page.getByTestId('composer').waitFor();
      expect(await page.getByTestId('no-room').count()).toBe(0);
      // The picker is still there for more rooms.
      await page.getByTestId('add-room').click();
      await page.getByTestId('enter-room-2').waitFor();
      await page.keyboard.press('Escape');
      await shot(page, `polish-guest-main-room-${locale}`);
    },
  );

  it('shows "/me" as an action, a typed nick as a mention, and restyles shown messages live', async () => {
    const annaPage = await session.newPage();
    const anna = await enterAsUser(annaPage, session.baseUrl, 'en', 'Anna');
    const borisPage = await session.newPage();
    const boris = await enterAsUser(borisPage, session.baseUrl, 'ru', 'Boris');
    // Both opened the chat in no room: both are in the main room now.
    for (const page of [annaPage, borisPage])
      await expect
        .poll(() => page.getByTestId(`room-select-${MAIN_ROOM}`).getAttribute('aria-selected'))
        .toBe('true');
    await annaPage.getByTestId(`room-user-${boris.id}`).waitFor();

    // "/me" is sent as an action and read as "* Nick text" in italics.
    const wave = `waves ${uniqueNick('w')}`;
    await send(borisPage, `/me ${wave}`);
    const action = messageWith(annaPage, wave);
    await action.waitFor();
    const line = action.locator('.chat-message-text.is-action');
    expect(await line.textContent()).toBe(`* ${boris.nick} ${wave}`);
    expect(await line.evaluate((node) => getComputedStyle(node).fontStyle)).toBe('italic');
    expect(await messageWith(borisPage, wave).locator('.is-action').count()).toBe(1);

    // A nick typed by hand (not picked from the list) mentions its owner.
    const hey = `${anna.nick}, hi there ${uniqueNick('h')}`;
    await send(borisPage, hey);
    const mention = messageWith(annaPage, hey);
    await mention.waitFor();
    await expect.poll(() => mention.getAttribute('class')).toContain('is-mention');

    // Boris's style changes: UserUpdated on private-chat (no call of the site changes a nick's
    // style yet, so the event is published as the server would, through its HTTP API).
    const me = await borisPage.evaluate(async () => {
      const answer = await fetch('/api/init', { headers: { accept: 'application/json' } });
      return ((await answer.json()) as { data: { user: { user: unknown } } }).data.user.user;
    });
    const restyled = {
      ...(me as Record<string, unknown>),
      nick: {
        nick: boris.nick,
        color: '#d6336c',
        has_gradient: false,
        gradient: [],
        font_id: null,
        weight: 700,
        italic: false,
      },
    };
    await publisher().trigger('private-chat', 'UserUpdated', { user: restyled });
    const actionNick = action.locator('.chat-action-nick');
    await expect
      .poll(() => actionNick.evaluate((n) => getComputedStyle(n).color))
      .toBe('rgb(214, 51, 108)');
    await expect
      .poll(() =>
        annaPage
          .getByTestId(`room-user-${boris.id}`)
          .locator('.chat-nick')
          .first()
          .evaluate((n) => getComputedStyle(n).color),
      )
      .toBe('rgb(214, 51, 108)');
    await shot(annaPage, 'polish-action-mention-restyle-en');
    await shot(borisPage, 'polish-action-mention-restyle-ru');
  });
});
