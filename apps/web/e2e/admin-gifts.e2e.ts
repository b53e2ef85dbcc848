import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { adminToken, apiJson, apiTopUp, apiUser, signInToChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

interface CatalogueGift {
  id: number;
  name_ru: string;
  name_en: string;
  price: number;
  active: boolean;
  premium_only: boolean;
}

/** A gift sent through the API: the cheapest one on sale to everybody. */
async function sendAGift(): Promise<CatalogueGift> {
  const token = await adminToken(session.baseUrl);
  const list = await apiJson(session.baseUrl, '/api/admin/gifts', { token });
  if (list.status !== 200) throw new Error(`admin gifts: ${list.status} ${await list.text()}`);
  const gifts = ((await list.json()) as { data: CatalogueGift[] }).data
    .filter((g) => g.active && !g.premium_only)
    .sort((a, b) => a.price - b.price);
  const gift = gifts[0];
  if (!gift) throw new Error('no gift on sale');
  const sender = await apiUser(session.baseUrl, 'Giver');
  await apiTopUp(session.baseUrl, sender, 100);
  const recipient = await apiUser(session.baseUrl, 'Taker');
  const sent = await apiJson(session.baseUrl, '/api/gifts/send', {
    method: 'POST',
    token: sender.token,
    body: { gift_id: gift.id, user_id: recipient.id, request_id: randomUUID() },
  });
  if (sent.status !== 201) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  return gift;
}

describe('gift statistics in the admin area', () => {
  it('an admin reads the chart and the table with a gift just sent (en, then ru at 375 px)', async () => {
    const gift = await sendAGift();

    const page = await session.newPage();
    await signInToChat(page, 'en', 'admin', ADMIN_PASSWORD);
    await page.goto('/en/admin/gifts/statistics');
    await page.getByTestId('stats-chart').locator('svg').first().waitFor();
    const row = page.getByTestId(`stats-gift-${gift.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(gift.name_en);
    expect(Number(await row.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);
    const csv = page.getByTestId('stats-csv');
    expect(await csv.getAttribute('href')).toMatch(/^\/api\/admin\/gifts\/statistics\/csv\?/);
    await shot(page, 'admin-gifts-en-statistics');

    // The dashboard (the admin area's index) counts the sale too.
    await page.goto('/en/admin');
    await page.getByTestId('dashboard-chart').locator('svg').first().waitFor();
    await page.getByTestId('dashboard-online').waitFor();
    await shot(page, 'admin-gifts-en-dashboard');

    const phone = await session.newPage({ viewport: { width: 375, height: 740 } });
    await signInToChat(phone, 'ru', 'admin', ADMIN_PASSWORD);
    await phone.goto('/ru/admin/gifts/statistics');
    await phone.getByTestId('stats-chart').locator('svg').first().waitFor();
    const ruRow = phone.getByTestId(`stats-gift-${gift.id}`);
    await ruRow.waitFor();
    expect(await ruRow.textContent()).toContain(gift.name_ru);
    expect(await phone.getByTestId('stats-csv').textContent()).toBe('Скачать CSV');
    // Tables scroll inside themselves: the page itself does not scroll sideways.
    await expect
      .poll(() => phone.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await shot(phone, 'admin-gifts-ru-statistics-375');
  });
});
