import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, uniqueNick } from './api';
import { shot, useBrowser } from './browser';

const session = useBrowser();

/** Signs in from the chat's own invitation, as a visitor would. */
async function signInFromChat(page: Page, nick: string, password: string): Promise<void> {
  await page.getByTestId('chat-sign-in').click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Nick or phone').fill(nick);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/** Enters the first demo room from the "not in any room" cards, or selects it when already in. */
async function openGeneral(page: Page): Promise<void> {
  const card = page.getByTestId('enter-room-card-1');
  const tab = page.getByTestId('room-select-1');
  await Promise.race([card.waitFor(), tab.waitFor()]);
  if (await card.isVisible()) await card.click();
  else await tab.click();
  await page.getByTestId('composer').waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

describe('public chat rooms', () => {
  it('lets a registered user and a guest talk, react and leave', async () => {
    const nick = uniqueNick('Reg');
    await registerUser(session.baseUrl, { nick, password: 'secret-123' });
    const user = await session.newPage();
    await user.goto('/en/chat');
    await user.getByTestId('chat-welcome').waitFor();
    await signInFromChat(user, nick, 'secret-123');
    await openGeneral(user);

    const guest = await session.newPage({ viewport: { width: 375, height: 812 } });
    await guest.goto('/ru/chat');
    await guest.getByLabel('Ваш ник').fill(uniqueNick('Guest'));
    await guest.getByRole('button', { name: 'Войти как гость' }).click();
    await openGeneral(guest);

    await send(user, 'Hello from a registered user');
    await guest.getByText('Hello from a registered user').waitFor();

    // Guests are hidden from registered users until they switch them on (spec section 6).
    await user.getByTestId('open-settings').click();
    await user.getByTestId('setting-show_guests').click();
    await user.keyboard.press('Escape');
    const hostile = '<img src=x onerror=alert(1)> -smile-';
    await send(guest, hostile);
    const message = user.locator('.chat-message', { hasText: '<img src=x onerror=alert(1)>' });
    await message.waitFor();
    // The one image is the smiley, named in the interface's language (not its -tag-).
    expect(
      await message.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toEqual(['Smiling']);

    await message.hover();
    await message.locator('[data-testid^="message-react-"]').click();
    await user.locator('[data-testid^="pick-reaction-"][data-testid$="-fire"]').click();
    const reaction = guest.locator('[data-testid^="reaction-"][data-testid$="-fire"]');
    await reaction.waitFor();
    expect(await reaction.textContent()).toContain('1');
    await shot(user, 'chat-registered-en-1280');
    await shot(guest, 'chat-guest-ru-375');

    await guest.getByTestId('header-more').click();
    await guest.getByTestId('leave-chat').click();
    await guest.getByTestId('leave-chat-confirm').click();
    await guest.getByTestId('chat-left').waitFor();
  });
});
