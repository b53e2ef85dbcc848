import { describe, expect, it } from 'vitest';
import { registerUser, uniqueNick } from './api';
import { shot, useBrowser } from './browser';

const session = useBrowser();

describe('logout', () => {
  it('logs out from the avatar menu and stays signed out after a reload', async () => {
    const nick = uniqueNick('Bye');
    await registerUser(session.baseUrl, { nick, password: 'secret-123' });
    const page = await session.newPage();
    await page.goto('/en/login');
    await page.getByLabel('Nick or phone').fill(nick);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByTestId('sign-in-form').getByRole('button', { name: 'Sign in' }).click();
    // Signed in with nowhere else to go: the chat.
    await page.waitForURL(/\/en\/chat(\/\d+)?$/);
    await page.getByTestId('composer').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('apiToken'))).toBeTruthy();

    await page.getByTestId('user-menu').click();
    const menuNick = page.getByTestId('user-menu-nick');
    await menuNick.waitFor();
    expect(await menuNick.textContent()).toBe(nick);
    await shot(page, 'navbar-dropdown-en');
    await page.getByTestId('logout').click();

    await page.getByTestId('nav-sign-in').waitFor();
    await page.getByTestId('guest-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('apiToken'))).toBeNull();
    await page.reload();
    await page.getByTestId('guest-form').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
  });
});
