import { describe, expect, it } from 'vitest';
import { uniqueNick } from './api';
import { shot, useBrowser } from './browser';

const session = useBrowser();

describe('guest entry', () => {
  it('enters as a guest from the home page into the chat and stays signed in after a reload', async () => {
    const page = await session.newPage();
    await page.goto('/en');
    const nick = uniqueNick('Guest');
    await page.getByLabel('Your nick').fill(nick);
    await page.getByRole('button', { name: 'Enter as guest' }).click();

    // The form opens the chat, in the site's main room.
    await page.waitForURL(/\/en\/chat(\/\d+)?$/);
    await page.getByTestId('composer').waitFor();
    await page.getByTestId('user-menu').waitFor();
    await page.goto('/en');
    const greeting = page.getByTestId('signed-in-as');
    await greeting.waitFor();
    expect(await greeting.textContent()).toBe(`You are signed in as ${nick} (guest).`);
    await page.getByTestId('guest-invite').waitFor();
    await page.getByTestId('user-menu').waitFor();
    await shot(page, 'guest-signed-in-en');

    await page.reload();
    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toContain(nick);
  });

  it('shows errors under the nick field: the client check and the server answer', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByLabel('Ваш ник').fill('a');
    await page.getByRole('button', { name: 'Войти как гость' }).click();
    const error = page.getByTestId('error-nick');
    await error.waitFor();
    expect(await error.textContent()).toBe('Ник должен быть не короче 2 символов.');

    // The admin account exists on every site, so its nick is always taken.
    await page.getByLabel('Ваш ник').fill('admin');
    await page.getByRole('button', { name: 'Войти как гость' }).click();
    await page.getByText('Этот ник уже занят.').waitFor();
    expect(await page.getByTestId('signed-in').count()).toBe(0);
    await shot(page, 'guest-error-ru');
  });
});
