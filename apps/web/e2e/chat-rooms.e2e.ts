import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  enterAsGuest,
  enterAsUser,
  enterRoom,
  messageWith,
  reloadChat,
  roomChannel,
  send,
  subscribing,
} from './chat-kit';

const session = useBrowser();

// "Музыка", "Кино и сериалы", "Игры": rooms no other journey talks in.
const [MUSIC, MOVIES, GAMES] = [4, 5, 6];
// "Общий" / "General": the site's main room, which opening the chat in no room enters.
const MAIN = 1;

/** The ids of my room tabs, top to bottom. */
function tabOrder(page: Page): Promise<number[]> {
  return page
    .getByTestId('room-tabs')
    .getByTestId(/^room-tab-\d+$/)
    .evaluateAll((tabs) => tabs.map((tab) => Number(tab.dataset.testid?.replace('room-tab-', ''))));
}

/** Enters a room from the "+" menu of the rooms column. */
async function enterFromPlus(page: Page, roomId: number): Promise<void> {
  await subscribing(page, [roomChannel(roomId)], async () => {
    await page.getByTestId('add-room').click();
    await page.getByTestId(`enter-room-${roomId}`).click();
    await page.getByTestId(`room-tab-${roomId}`).waitFor();
  });
  await expect
    .poll(() => page.getByTestId(`room-select-${roomId}`).getAttribute('aria-selected'))
    .toBe('true');
}

/**
 * Drags one tab onto another with the mouse, the way @dnd-kit's mouse sensor wants it: a press,
 * a few small moves past its 6px activation distance, then the way to the target in steps.
 */
async function dragTab(page: Page, fromId: number, toId: number): Promise<void> {
  const from = await page.getByTestId(`room-tab-${fromId}`).boundingBox();
  const to = await page.getByTestId(`room-tab-${toId}`).boundingBox();
  if (!from || !to) throw new Error('tab not on screen');
  // Grab it by its name, away from the close button on the right.
  const x = from.x + 40;
  const startY = from.y + from.height / 2;
  const endY = to.y + to.height / 2;
  await page.mouse.move(x, startY);
  await page.mouse.down();
  await page.mouse.move(x, startY + (endY > startY ? 4 : -4), { steps: 2 });
  await page.mouse.move(x, startY + (endY > startY ? 10 : -10), { steps: 2 });
  await page.mouse.move(x, endY, { steps: 12 });
  await page.mouse.up();
}

describe('public chat rooms: tabs', () => {
  it('enters rooms from "+", reorders them by drag, counts unread, leaves one and all', async () => {
    // Someone who talks in the "Movies" room while the guest looks at another one.
    const talkerPage = await session.newPage();
    await enterAsUser(talkerPage, session.baseUrl, 'ru', 'Talker');
    await enterRoom(talkerPage, MOVIES);

    const page = await session.newPage();
    await enterAsGuest(page, 'en');
    await page.getByTestId(`room-tab-${MAIN}`).waitFor();
    await enterFromPlus(page, MUSIC);
    await enterFromPlus(page, MOVIES);
    await enterFromPlus(page, GAMES);
    expect(await tabOrder(page)).toEqual([MAIN, MUSIC, MOVIES, GAMES]);
    // Rooms I am in are no longer offered by "+".
    await page.getByTestId('add-room').click();
    await page.getByTestId('enter-room-2').waitFor();
    expect(await page.getByTestId(`enter-room-${MOVIES}`).count()).toBe(0);
    expect(await page.getByTestId(`enter-room-${MAIN}`).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('enter-room-2').waitFor({ state: 'hidden' });

    // "Games" dragged to the top; the new order goes to the server.
    const sorted = page.waitForResponse(
      (r) => r.url().endsWith('/api/room/sort') && r.request().method() === 'POST',
    );
    await dragTab(page, GAMES, MAIN);
    expect((await sorted).status()).toBe(204);
    expect(await tabOrder(page)).toEqual([GAMES, MAIN, MUSIC, MOVIES]);

    // Back with its rooms live again, so that what is said next reaches it.
    await reloadChat(page, [GAMES, MAIN, MUSIC, MOVIES]);
    expect(await tabOrder(page)).toEqual([GAMES, MAIN, MUSIC, MOVIES]);
    // After a reload the first tab is the open one.
    expect(await page.getByTestId(`room-select-${GAMES}`).getAttribute('aria-selected')).toBe(
      'true',
    );

    // Messages in a room I am not looking at: its badge counts them, live.
    const badge = page.getByTestId(`room-unread-${MOVIES}`);
    const first = 'Кто смотрел новый сезон?';
    await send(talkerPage, first);
    await badge.waitFor();
    await expect.poll(() => badge.locator('[aria-hidden="true"]').textContent()).toBe('1');
    const second = 'Без спойлеров, пожалуйста';
    await send(talkerPage, second);
    await expect.poll(() => badge.locator('[aria-hidden="true"]').textContent()).toBe('2');
    expect(await badge.textContent()).toContain('2 unread messages');
    expect(await page.getByTestId(`room-unread-${MUSIC}`).count()).toBe(0);
    await shot(page, 'chat-rooms-unread-en');

    // Opening the room shows both messages and clears the badge, here and on the server.
    await page.getByTestId(`room-select-${MOVIES}`).click();
    await messageWith(page, first).waitFor();
    await messageWith(page, second).waitFor();
    await badge.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId(`room-tab-${MOVIES}`).waitFor();
    expect(await badge.count()).toBe(0);

    // The tab's × leaves one room: it goes back to the "+" list.
    await page.getByTestId(`room-close-${MUSIC}`).click();
    await page.getByTestId(`room-tab-${MUSIC}`).waitFor({ state: 'detached' });
    expect(await tabOrder(page)).toEqual([GAMES, MAIN, MOVIES]);
    await page.getByTestId('add-room').click();
    await page.getByTestId(`enter-room-${MUSIC}`).waitFor();
    expect(await page.getByTestId(`enter-room-${GAMES}`).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId(`enter-room-${MUSIC}`).waitFor({ state: 'hidden' });

    // "Leave chat" asks first, then every room is gone.
    await page.getByTestId('leave-chat').click();
    await page.getByTestId('leave-chat-modal').waitFor();
    await page.getByTestId('leave-chat-confirm').click();
    await page.getByTestId('chat-left').waitFor();
    await shot(page, 'chat-rooms-left-en');
    // Coming back to the chat page in no room enters the main room again, and only it.
    await page.reload();
    await page.getByTestId(`room-tab-${MAIN}`).waitFor();
    expect(await tabOrder(page)).toEqual([MAIN]);
    await page.getByTestId('add-room').click();
    for (const id of [MUSIC, MOVIES, GAMES]) {
      await page.getByTestId(`enter-room-${id}`).waitFor();
    }
  });
});
