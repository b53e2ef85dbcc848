import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { adminToken, apiJson, apiUser, signInToChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

interface Settings {
  settings: Record<string, number | boolean | null>;
  updated_at: string;
}

async function readSettings(token: string): Promise<Settings> {
  const response = await apiJson(session.baseUrl, '/api/admin/settings', { token });
  if (response.status !== 200) throw new Error(`settings: ${response.status}`);
  return ((await response.json()) as { data: Settings }).data;
}

/** Puts a price back as it was, for the other journeys that buy premium on this server. */
async function restorePrice(price: number): Promise<void> {
  const token = await adminToken(session.baseUrl);
  const { updated_at } = await readSettings(token);
  const response = await apiJson(session.baseUrl, '/api/admin/settings', {
    method: 'PUT',
    token,
    body: { settings: { premium_price_month: price }, updated_at },
  });
  if (response.status !== 200) throw new Error(`restore: ${response.status}`);
}

const monthPrice = (page: Page) =>
  page.getByTestId('premium-plan-month').getByTestId('premium-plan-price');

describe('site settings in the admin area', () => {
  it('an admin changes the premium price and an open premium page shows it (en admin, ru user)', async () => {
    const before = (await readSettings(await adminToken(session.baseUrl))).settings
      .premium_price_month as number;
    const price = before === 737 ? 738 : 737;

    // A user already on the premium page, signed in, in Russian.
    const user = await apiUser(session.baseUrl, 'Prem');
    const userPage = await session.newPage();
    await signInToChat(userPage, 'ru', user.nick);
    await userPage.goto('/ru/premium');
    await expect.poll(() => monthPrice(userPage).textContent()).toContain(String(before));

    const adminPage = await session.newPage();
    await signInToChat(adminPage, 'en', 'admin', ADMIN_PASSWORD);
    try {
      await adminPage.goto('/en/admin/settings');
      const field = adminPage.getByLabel('Premium for 30 days, coins');
      await field.waitFor();
      // A bad value is refused on its field, and nothing is sent.
      await field.fill('1.5');
      await adminPage.getByRole('button', { name: 'Save settings' }).click();
      await adminPage.getByText('Enter a whole number.').waitFor();
      await field.fill(String(price));
      await adminPage.getByRole('button', { name: 'Save settings' }).click();
      await adminPage.getByTestId('settings-saved').waitFor();
      await shot(adminPage, 'admin-settings-saved');

      // The open page hears CatalogUpdated and reads the prices again, without a reload.
      await expect
        .poll(() => monthPrice(userPage).textContent(), { timeout: 10_000 })
        .toContain(String(price));
      await userPage.reload();
      await expect.poll(() => monthPrice(userPage).textContent()).toContain(String(price));
      await shot(userPage, 'premium-new-price');
    } finally {
      await restorePrice(before);
    }
  });

  it('the permission grid scrolls at 375 px with the permission column in view', async () => {
    const page = await session.newPage({ viewport: { width: 375, height: 700 } });
    await signInToChat(page, 'en', 'admin', ADMIN_PASSWORD);
    await page.goto('/en/admin/permissions');
    const grid = page.getByTestId('permissions-grid');
    await grid.waitFor();
    expect(await page.getByTestId('perm-admin-admin.access').isDisabled()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, 'admin-permissions-375');
  });
});
