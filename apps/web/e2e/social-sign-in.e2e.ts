import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, uniqueNick } from './api';
import { shot, useBrowser } from './browser';

const session = useBrowser();
let people = 0;

/** At the test provider's own login page (oidc-provider's): any password signs in. */
async function atProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

const newLogin = () => `person-${Date.now()}-${(people += 1)}`;

describe('sign-in with other sites', () => {
  it('signs up with the provider and a nick, signs out, and back in with it (en)', async () => {
    const page = await session.newPage();
    await page.goto('/en/login');
    const button = page.getByTestId('provider-test');
    expect(await button.getAttribute('aria-label')).toBe('Sign in with Test ID');
    await shot(page, 'social-sign-in-buttons-en');
    await button.click();
    await atProvider(page, newLogin());

    // Back on the site: only a nick is asked for.
    await page.waitForURL(/\/en\/signup\/social/);
    await page.getByTestId('social-signup-form').waitFor();
    expect(await page.getByTestId('signup-provider').textContent()).toContain('Test ID');
    const nick = uniqueNick('Soc');
    await page.getByTestId('signup-nick').fill('admin');
    await page.getByTestId('nick-status').filter({ hasText: 'already taken' }).waitFor();
    await page.getByTestId('signup-nick').fill(nick);
    await page.getByTestId('nick-status').filter({ hasText: 'free' }).waitFor();
    await shot(page, 'social-signup-en');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('user-menu').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('nav-sign-in').waitFor();

    // The provider remembers the person: one click and they are back, as the same account.
    await page.goto('/en/login');
    await page.getByTestId('provider-test').click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-menu-nick').textContent()).toBe(nick);
  });

  it('links the provider from the security page, and refuses to unlink the last way in (ru)', async () => {
    const nick = uniqueNick('Связь');
    await registerUser(session.baseUrl, { nick, password: 'secret-123' });
    const page = await session.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/ru/login');
    await page.getByLabel('Ник или телефон').fill(nick);
    await page.getByLabel('Пароль').fill('secret-123');
    await page.getByTestId('sign-in-form').getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('user-menu').waitFor();

    await page.goto('/ru/my/security');
    await page.getByTestId('linked-accounts').waitFor();
    await page.getByTestId('link-test').click();
    await atProvider(page, newLogin());
    await page.waitForURL(/\/ru\/my\/security\?linked=test/);
    await page.getByTestId('social-link').filter({ hasText: 'Test ID' }).waitFor();
    await shot(page, 'social-linked-ru-375');

    // With a password as well, the link may go.
    await page.getByTestId('unlink').click();
    await page.getByTestId('no-links').waitFor();
  });

  it('a sign-up of someone else’s provider account cannot take the nick of an account', async () => {
    const page = await session.newPage();
    await page.goto('/ru/register');
    await page.getByTestId('provider-test').click();
    await atProvider(page, newLogin());
    await page.waitForURL(/\/ru\/signup\/social/);
    await page.getByTestId('signup-nick').fill('admin');
    await page.getByTestId('signup-submit').click();
    const refused = page.locator('[data-testid="nick-status"][data-state="invalid"]');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Этот ник уже занят.');
    await shot(page, 'social-signup-taken-ru');
  });
});
