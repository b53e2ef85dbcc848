import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { enterAsUser, enterRoom, networkSwitch, type ChatPerson } from './chat-kit';

const session = useBrowser();

// "Games": a room of its own for this journey, where the two people meet.
const ROOM = 6;

/** The private messages on screen, delivered ones only, as their texts in order. */
function imTexts(scope: Page | Locator): Promise<string[]> {
  return scope
    .getByTestId('im-message')
    .evaluateAll((items) =>
      items.map(
        (i) =>
          (
            i.querySelector('[data-testid="im-message-text"]') ??
            i.querySelector('[data-testid="im-message-deleted"]')
          )?.textContent ?? '',
      ),
    );
}

function imMessage(scope: Page | Locator, text: string): Locator {
  return scope.getByTestId('im-message').filter({ hasText: text });
}

/** The number a badge shows (its sentence for screen readers aside). */
function shown(badge: Locator): Promise<string | null> {
  return badge.locator('[aria-hidden="true"]').textContent();
}

async function write(scope: Page | Locator, text: string): Promise<void> {
  const box = scope.getByTestId('im-composer');
  await box.fill(text);
  await box.press('Enter');
}

/** A's conversation with B from the chat's user list ("Write a private message"). */
async function openFromUserList(page: Page, other: ChatPerson): Promise<Locator> {
  await page.getByTestId(`room-user-${other.id}`).getByRole('button').first().click();
  await page.getByTestId('user-write-private').click();
  const dock = page.getByTestId('im-dock');
  await dock.getByTestId('im-conversation').waitFor();
  return dock;
}

describe('private messages', () => {
  it('two people write privately across a reconnect, with counts, reads, delete and restore', async () => {
    // A writes from the dock inside the chat page, in English; their network will go away.
    const pageA = await session.newPage();
    const network = await networkSwitch(pageA);
    const a = await enterAsUser(pageA, session.baseUrl, 'en', 'ImA');
    await enterRoom(pageA, ROOM);
    // B reads in Russian, on the messenger's own page later.
    const pageB = await session.newPage();
    const b = await enterAsUser(pageB, session.baseUrl, 'ru', 'ImB');
    await enterRoom(pageB, ROOM);
    await pageA.getByTestId(`room-user-${b.id}`).waitFor();

    const dock = await openFromUserList(pageA, b);
    const hello = `Hello ${b.nick}, <script>alert(1)</script>`;
    await write(dock, hello);
    await imMessage(dock, hello).waitFor();
    await shot(pageA, 'im-dock-en');

    // B: the navbar and the dock button count it; the channel list shows it unread.
    const badge = pageB.getByTestId('nav-im-unread');
    await expect.poll(() => shown(badge)).toBe('1');
    await pageB.getByTestId('nav-im').click();
    const channel = pageB.getByTestId(`im-channel-${a.id}`);
    await expect.poll(() => shown(channel.getByTestId('im-channel-unread'))).toBe('1');
    await shot(pageB, 'im-list-unread-ru');
    await channel.click();
    // The script tag is text, shown as typed.
    await imMessage(pageB, hello).waitFor();
    expect(await pageB.locator('.im-messages script').count()).toBe(0);
    // Reading clears the counts, and A sees the double tick.
    await badge.waitFor({ state: 'detached' });
    expect(await channel.getByTestId('im-channel-unread').count()).toBe(0);
    await imMessage(dock, hello).getByTestId('im-read').waitFor();

    const reply = `Привет, ${a.nick}!`;
    await write(pageB, reply);
    await imMessage(dock, reply).waitFor();

    // A's network goes: two messages typed offline wait; B writes one meanwhile.
    await network.cut();
    await pageA.getByTestId('connection-banner').waitFor();
    const first = `First offline ${a.nick}`;
    const second = `Second offline ${a.nick}`;
    await write(dock, first);
    await write(dock, second);
    await expect
      .poll(() => dock.getByTestId('im-pending').evaluateAll((l) => l.map((i) => i.dataset.state)))
      .toEqual(['queued', 'queued']);
    await shot(pageA, 'im-dock-offline-en');
    const meanwhile = `Пока тебя не было, ${a.nick}`;
    await write(pageB, meanwhile);
    await imMessage(pageB, meanwhile).waitFor();

    await network.restore();
    await imMessage(dock, second).waitFor();
    await imMessage(pageB, second).waitFor();
    const expected = [hello, reply, meanwhile, first, second];
    await expect.poll(() => imTexts(dock)).toEqual(expected);
    await expect.poll(() => imTexts(pageB)).toEqual(expected);
    expect(await dock.getByTestId('im-pending').count()).toBe(0);

    // A deletes the first offline message: B sees "message deleted"; A restores it.
    const target = imMessage(dock, first);
    await target.hover();
    await target.getByTestId('im-message-menu').click();
    await pageA.getByTestId('im-delete').click();
    await expect
      .poll(() => imTexts(pageB))
      .toEqual([hello, reply, meanwhile, 'Сообщение удалено', second]);
    await dock.getByTestId('im-restore').waitFor();
    await shot(pageA, 'im-deleted-en');
    await shot(pageB, 'im-deleted-ru');
    await dock.getByTestId('im-restore').click();
    await expect.poll(() => imTexts(pageB)).toEqual(expected);
    await expect.poll(() => imTexts(dock)).toEqual(expected);

    // On a phone: the list or the conversation, with a back button.
    await pageB.setViewportSize({ width: 375, height: 812 });
    await pageB.getByTestId('im-back').waitFor();
    await shot(pageB, 'im-conversation-ru-375');
    await pageB.getByTestId('im-back').click();
    await pageB.getByTestId(`im-channel-${a.id}`).waitFor();
    await shot(pageB, 'im-list-ru-375');
  });
});
