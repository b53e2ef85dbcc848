import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';

const session = useBrowser();

describe('cookie notice', () => {
  it('hides after Accept and stays hidden after a reload', async () => {
    const page = await session.newPage({ agreed: false });
    await page.goto('/en');
    const notice = page.getByTestId('cookie-notice');
    await notice.waitFor();
    await shot(page, 'cookie-notice-en');
    await notice.getByRole('button', { name: 'Accept' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('agreementStatus'))).toBe('true');

    await page.reload();
    await page.getByTestId('guest-form').waitFor();
    expect(await page.getByTestId('cookie-notice').count()).toBe(0);
  });

  it('opens the privacy policy and the agreement in modals', async () => {
    const page = await session.newPage({ agreed: false });
    await page.goto('/en');
    const notice = page.getByTestId('cookie-notice');
    await notice.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = page.getByTestId('legal-privacy');
    await privacy.waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'User Agreement' }).click();
    await page.getByTestId('legal-agreement').waitFor();
    await privacy.waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('Decline restricts the site; accepting from there brings it back', async () => {
    const page = await session.newPage({ agreed: false });
    await page.goto('/');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Отклонить' }).click();
    const restricted = page.getByTestId('access-restricted');
    await restricted.waitFor();
    expect(await restricted.textContent()).toContain(
      'Чтобы пользоваться сайтом, необходимо принять нашу Политику конфиденциальности и Пользовательское соглашение.',
    );
    expect(await page.getByTestId('guest-form').count()).toBe(0);

    await page.goto('/en');
    await restricted.waitFor();
    expect(await restricted.textContent()).toContain(
      'You must accept our Privacy Policy and Terms of Service to use this website.',
    );
    await shot(page, 'access-restricted-en');

    await restricted.getByRole('link', { name: 'Review the terms' }).click();
    await page.waitForURL((url) => url.pathname === '/en/agreement');
    await page.getByTestId('agreement-accept').click();
    await page.waitForURL((url) => url.pathname === '/en');
    await page.getByTestId('guest-form').waitFor();
    expect(await page.getByTestId('cookie-notice').count()).toBe(0);
  });

  it('accepts straight from the Access Restricted page', async () => {
    const page = await session.newPage({ agreed: false });
    await page.goto('/en');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Decline' }).click();
    await page
      .getByTestId('access-restricted')
      .getByRole('button', { name: 'Accept and continue' })
      .click();
    await page.getByTestId('guest-form').waitFor();
    await page.reload();
    await page.getByTestId('guest-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('agreementStatus'))).toBe('true');
  });
});
