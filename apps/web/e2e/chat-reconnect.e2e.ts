import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  closeSettings,
  enterAsGuest,
  enterAsUser,
  enterRoom,
  messageTexts,
  messageWith,
  networkSwitch,
  pendingWith,
  roomChannel,
  send,
  subscribing,
  toggleSetting,
  watchCopies,
} from './chat-kit';

const session = useBrowser();

// "English room": a room of its own for this journey.
const ROOM = 7;

/** The states of my messages still in the outbox, in the order shown. */
function pendingStates(page: Page): Promise<(string | undefined)[]> {
  return page.getByTestId(/^pending-/).evaluateAll((items) => items.map((i) => i.dataset.state));
}

/** This journey's messages as the page lists them, in order, each as many times as shown. */
async function conversation(page: Page, ours: readonly string[]): Promise<string[]> {
  return (await messageTexts(page)).filter((text) => ours.includes(text));
}

describe('public chat rooms: reconnecting', () => {
  it('delivers what was typed offline exactly once, in order, and fetches what was missed', async () => {
    const userPage = await session.newPage();
    const user = await enterAsUser(userPage, session.baseUrl, 'en');
    await enterRoom(userPage, ROOM);
    await toggleSetting(userPage, 'show_guests', true);
    await closeSettings(userPage);

    // The guest, on a phone, is the one whose network goes away.
    const guestPage = await session.newPage({ viewport: { width: 375, height: 812 } });
    const network = await networkSwitch(guestPage);
    const guest = await enterAsGuest(guestPage, 'ru');
    await enterRoom(guestPage, ROOM);

    const hello = `Before the outage, ${user.nick}`;
    await send(userPage, hello);
    await messageWith(guestPage, hello).waitFor();
    const hi = `До обрыва, ${guest.nick}`;
    await send(guestPage, hi);
    await messageWith(userPage, hi).waitFor();

    // The network goes: the socket drops and the page says so.
    await network.cut();
    await guestPage.getByTestId('connection-banner').waitFor();

    // Typed while offline: both wait in the outbox, shown as queued.
    const first = `Первое в очереди, ${guest.nick}`;
    const second = `Второе в очереди, ${guest.nick}`;
    await send(guestPage, first);
    await send(guestPage, second);
    await pendingWith(guestPage, second).waitFor();
    await expect.poll(() => pendingStates(guestPage)).toEqual(['queued', 'queued']);
    expect(await pendingWith(guestPage, first).getAttribute('data-state')).toBe('queued');

    // Meanwhile the other side talks; it cannot reach the guest now.
    const missed = `While you were away, ${user.nick}`;
    await send(userPage, missed);
    await messageWith(userPage, missed).waitFor();
    expect(await messageWith(guestPage, missed).count()).toBe(0);
    expect(await messageWith(userPage, first).count()).toBe(0);
    await shot(guestPage, 'chat-reconnect-queued-ru-375');

    // From here on, any moment with two copies of one of these on screen is remembered.
    const watched = [first, second, missed];
    const guestCopies = await watchCopies(guestPage, watched);
    const userCopies = await watchCopies(userPage, watched);

    // The network comes back: the room asks for what came after its last message (the missed
    // one is in that answer), and its channel is subscribed again.
    await subscribing(guestPage, [roomChannel(ROOM)], async () => {
      const resync = guestPage.waitForResponse((response) =>
        response.url().includes(`/api/room/${ROOM}/messages?after=`),
      );
      await network.restore();
      const answer = (await (await resync).json()) as { data: { text: string }[] };
      expect(answer.data.map((message) => message.text)).toContain(missed);
    });
    await guestPage.getByTestId('connection-banner').waitFor({ state: 'detached' });
    await messageWith(guestPage, missed).waitFor();
    await messageWith(userPage, second).waitFor();
    await expect.poll(() => guestPage.getByTestId(/^pending-/).count()).toBe(0);

    // One more message each way after the burst: anything late or doubled would be here by now.
    const back = `Welcome back, ${user.nick}`;
    await send(userPage, back);
    await messageWith(guestPage, back).waitFor();
    const thanks = `Спасибо, я снова тут, ${guest.nick}`;
    await send(guestPage, thanks);
    await messageWith(userPage, thanks).waitFor();
    await shot(guestPage, 'chat-reconnect-delivered-ru-375');
    await shot(userPage, 'chat-reconnect-delivered-en');

    // Each exactly once, in the server's order, on both sides; nothing left pending.
    const expected = [hello, hi, missed, first, second, back, thanks];
    expect(await conversation(guestPage, expected)).toEqual(expected);
    expect(await conversation(userPage, expected)).toEqual(expected);
    for (const text of [first, second, missed]) {
      expect(await messageWith(guestPage, text).count()).toBe(1);
      expect(await messageWith(userPage, text).count()).toBe(1);
    }
    expect(await guestPage.getByTestId(/^pending-/).count()).toBe(0);
    const once = Object.fromEntries(watched.map((text) => [text, 1]));
    expect(await guestCopies()).toEqual(once);
    expect(await userCopies()).toEqual(once);

    // The server holds one copy of each too.
    await guestPage.reload();
    // A reload opens the first tab, the main room the chat entered first: back to this one.
    await guestPage.getByTestId(`room-tab-${ROOM}`).waitFor();
    await enterRoom(guestPage, ROOM);
    await messageWith(guestPage, thanks).waitFor();
    expect(await conversation(guestPage, expected)).toEqual(expected);
  });
});
