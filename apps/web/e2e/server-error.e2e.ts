import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';

const session = useBrowser();

async function answerGuestRegisterWith500(page: Page) {
  await page.route('**/api/auth/guest/register', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'boom', code: 'server_error' }),
    }),
  );
}

describe('server errors', () => {
  it('shows the server-error toast in English', async () => {
    const page = await session.newPage();
    await answerGuestRegisterWith500(page);
    await page.goto('/en');
    await page.getByLabel('Your nick').fill('Anybody');
    await page.getByRole('button', { name: 'Enter as guest' }).click();
    const toast = page.getByTestId('toast-danger');
    await toast.waitFor();
    expect((await toast.textContent())?.trim()).toBe('Server error. Try again later.');
    await shot(page, 'toast-500-en');
  });

  it('shows it in Russian too', async () => {
    const page = await session.newPage();
    await answerGuestRegisterWith500(page);
    await page.goto('/');
    await page.getByLabel('Ваш ник').fill('Кто-то');
    await page.getByRole('button', { name: 'Войти как гость' }).click();
    const toast = page.getByTestId('toast-danger');
    await toast.waitFor();
    expect((await toast.textContent())?.trim()).toBe('Ошибка сервера. Попробуйте позже.');
  });
});
