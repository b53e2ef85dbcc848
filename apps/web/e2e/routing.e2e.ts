import { describe, expect, it } from 'vitest';
import { shot, useBrowser, waitForTitle } from './browser';

const session = useBrowser();

describe('routes and languages', () => {
  it('titles the home page in each language', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await waitForTitle(page, 'Бесплатный русский онлайн-чат');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await shot(page, 'home-ru');
    await page.goto('/en');
    await waitForTitle(page, 'Free russian online chat');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Free online chat in Russian and English',
    );
    await shot(page, 'home-en');
  });

  it('redirects an unknown locale to English, keeping the rest of the path', async () => {
    const page = await session.newPage();
    await page.goto('/xx/');
    await page.waitForURL((url) => url.pathname === '/en/');
    await waitForTitle(page, 'Free russian online chat');
    await page.goto('/de/login');
    await page.waitForURL((url) => url.pathname === '/en/login');
    await page.getByTestId('sign-in-form').waitFor();
  });

  it('shows the 404 page for an unknown path, in its language', async () => {
    const page = await session.newPage();
    await page.goto('/en/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await waitForTitle(page, 'Page not found — Chatik');
    await shot(page, 'not-found-en');
    await page.goto('/ru/nothing-here');
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  });

  it('switches the language from the navbar and keeps the path', async () => {
    const page = await session.newPage();
    await page.goto('/ru/login');
    await page.getByTestId('language-switch').click();
    await page.getByRole('button', { name: /RU/ }).waitFor();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await waitForTitle(page, 'Sign in — Chatik');
  });
});
