import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  closeSettings,
  enterAsGuest,
  enterAsUser,
  enterRoom,
  messageId,
  messageWith,
  send,
  toggleSetting,
} from './chat-kit';

const session = useBrowser();

// "Знакомства" / "Dating": a room of its own, so other journeys' messages stay out of the way.
const ROOM = 2;

declare global {
  interface Window {
    __x?: unknown;
  }
}

describe('public chat rooms: talking', () => {
  it('lets a registered user (en) and a guest (ru) talk, mention, react and delete live', async () => {
    const userPage = await session.newPage();
    const user = await enterAsUser(userPage, session.baseUrl, 'en');
    await enterRoom(userPage, ROOM);
    // Guests are hidden from registered users until they switch them on.
    await toggleSetting(userPage, 'show_guests', true);
    await closeSettings(userPage);

    const guestPage = await session.newPage();
    const guest = await enterAsGuest(guestPage, 'ru');
    await enterRoom(guestPage, ROOM);
    // Each sees the other in the room's list, live.
    await userPage.getByTestId(`room-user-${guest.id}`).waitFor();
    await guestPage.getByTestId(`room-user-${user.id}`).waitFor();

    // Both ways, live: neither page reloads from here on.
    const hello = `Hello from ${user.nick}`;
    await send(userPage, hello);
    await messageWith(guestPage, hello).waitFor();
    const privet = `Привет от ${guest.nick}`;
    await send(guestPage, privet);
    await messageWith(userPage, privet).waitFor();

    // A mention picked from the guest's menu in the user list: the nick goes into the box.
    await userPage
      .getByTestId(`room-user-${guest.id}`)
      .getByRole('button', { name: `Actions: ${guest.nick}` })
      .click();
    await userPage.getByTestId('user-mention').click();
    const composer = userPage.getByTestId('composer');
    await expect.poll(() => composer.inputValue()).toBe(`${guest.nick}, `);
    await composer.pressSequentially('are you there?');
    await expect.poll(() => composer.inputValue()).toBe(`${guest.nick}, are you there?`);
    await composer.press('Enter');
    const mention = messageWith(guestPage, `${guest.nick}, are you there?`);
    await mention.waitFor();
    expect(await mention.getAttribute('class')).toContain('is-mention');
    expect(await mention.getByText('Вас упомянули').count()).toBe(1);
    // Only the message that names the guest is highlighted; the author's own copy is not.
    expect(await messageWith(guestPage, hello).getAttribute('class')).not.toContain('is-mention');
    expect(await messageWith(userPage, 'are you there?').getAttribute('class')).not.toContain(
      'is-mention',
    );

    // The other way round, from the @ button on a message: the guest mentions the user back.
    const privetOnUserSide = messageWith(userPage, privet);
    const helloOnGuestSide = messageWith(guestPage, hello);
    const helloId = await messageId(helloOnGuestSide);
    await helloOnGuestSide.hover();
    await guestPage.getByTestId(`message-mention-${helloId}`).click();
    const guestComposer = guestPage.getByTestId('composer');
    await expect.poll(() => guestComposer.inputValue()).toBe(`${user.nick}, `);
    await guestComposer.pressSequentially('да, я здесь');
    await guestComposer.press('Enter');
    const answer = messageWith(userPage, `${user.nick}, да, я здесь`);
    await answer.waitFor();
    expect(await answer.getAttribute('class')).toContain('is-mention');
    expect(await privetOnUserSide.getAttribute('class')).not.toContain('is-mention');

    // Reactions: the guest reacts to the user's message, the user sees the count arrive live.
    await helloOnGuestSide.hover();
    await guestPage.getByTestId(`message-react-${helloId}`).click();
    await guestPage.getByTestId(`pick-reaction-${helloId}-like`).click();
    const guestLike = guestPage.getByTestId(`reaction-${helloId}-like`);
    await guestLike.waitFor();
    expect(await guestLike.getAttribute('aria-pressed')).toBe('true');
    const userLike = userPage.getByTestId(`reaction-${helloId}-like`);
    await userLike.waitFor();
    expect(await userLike.locator('.chat-reaction-count').textContent()).toBe('1');
    expect(await userLike.getAttribute('aria-pressed')).toBe('false');
    await shot(userPage, 'chat-talk-user-en');
    await shot(guestPage, 'chat-talk-guest-ru');

    // The guest takes it back: gone on both sides, live.
    await guestLike.click();
    await userLike.waitFor({ state: 'detached' });
    await guestLike.waitFor({ state: 'detached' });

    // Markup typed into a message stays text on the other side and never runs.
    const markup = '<b>bold</b><script>window.__x=1</script>';
    await send(userPage, markup);
    const shown = messageWith(guestPage, '<script>');
    await shown.waitFor();
    expect(await shown.locator('.chat-message-text').textContent()).toBe(markup);
    expect(await shown.locator('b, script').count()).toBe(0);
    expect(await guestPage.evaluate(() => window.__x)).toBeUndefined();
    const own = messageWith(userPage, '<script>');
    await own.waitFor();
    expect(await own.locator('b, script').count()).toBe(0);
    expect(await userPage.evaluate(() => window.__x)).toBeUndefined();

    // The user deletes the first message for everyone: it disappears for the guest, live.
    const helloOnUserSide = messageWith(userPage, hello);
    await helloOnUserSide.hover();
    await userPage.getByTestId(`message-more-${helloId}`).click();
    await userPage.getByTestId(`message-delete-all-${helloId}`).click();
    await userPage.getByTestId('delete-everyone-confirm').click();
    await guestPage.getByTestId(`message-${helloId}`).waitFor({ state: 'detached' });
    await userPage.getByTestId(`message-${helloId}`).waitFor({ state: 'detached' });
    // The rest of the conversation stays.
    expect(await messageWith(guestPage, privet).count()).toBe(1);
    expect(await messageWith(userPage, privet).count()).toBe(1);
  });
});
