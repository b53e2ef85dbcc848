import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeIn, parseMail, tokenIn, type CaughtMail } from '../../server/src/test/mail-parse';
import { registerUser, uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import { workerServer } from './worker-server';

const session = useBrowser();
const { dataDir } = workerServer();

/** The mails the site wrote to DATA_DIR/mail for `address` (no SMTP server is configured). */
function mailsTo(address: string): CaughtMail[] {
  const dir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8')))
    .filter((m) => m.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

/** Waits for the `count`-th mail to `address` (the reset link is mailed by a job). */
async function mailNumber(address: string, count: number): Promise<CaughtMail> {
  await expect
    .poll(() => mailsTo(address).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1]!;
}

async function signIn(page: Page, locale: 'en' | 'ru', nick: string, password: string) {
  await page.goto(`/${locale}/login`);
  await page.getByLabel(locale === 'en' ? 'Nick or phone' : 'Ник или телефон').fill(nick);
  await page.getByLabel(locale === 'en' ? 'Password' : 'Пароль', { exact: true }).fill(password);
  await page
    .getByTestId('sign-in-form')
    .getByRole('button', { name: locale === 'en' ? 'Sign in' : 'Войти' })
    .click();
  await page.getByTestId('user-menu').waitFor();
}

describe('e-mail and a forgotten password', () => {
  it('confirms the e-mail by its code, then a forgotten password is set anew by the mailed link and every device is signed out', async () => {
    const nick = uniqueNick('Mail');
    const email = `${nick.toLowerCase()}@example.test`;
    await registerUser(session.baseUrl, { nick, password: 'secret-123', email });

    // Device A (English): the security page sends a code, the code confirms the address.
    const pageA = await session.newPage();
    await signIn(pageA, 'en', nick, 'secret-123');
    await pageA.goto('/en/my/security');
    await pageA.getByTestId('email-section').waitFor();
    expect(await pageA.getByTestId('my-email').textContent()).toBe(email);
    await pageA.getByTestId('email-send-code').click();
    const codeMail = await mailNumber(email, 1);
    expect(codeMail.subject).not.toMatch(/\d{6}/);
    await pageA.getByTestId('email-code').fill(codeIn(codeMail));
    await pageA.getByTestId('email-code-confirm').click();
    await pageA.getByTestId('email-badge').filter({ hasText: 'Confirmed' }).waitFor();
    await shot(pageA, 'email-confirmed-en');

    // Device C (Russian, signed out) forgets the password.
    const pageC = await session.newPage({ viewport: { width: 375, height: 740 } });
    await pageC.goto('/ru/login');
    await pageC.getByTestId('forgot-password').click();
    await pageC.waitForURL(/\/ru\/password\/forgot/);
    await pageC.getByLabel('Ник или e-mail').fill(email.toUpperCase());
    await pageC.getByTestId('forgot-submit').click();
    await pageC.getByTestId('forgot-sent').waitFor();
    await shot(pageC, 'password-forgot-sent-ru-375');

    const resetMail = await mailNumber(email, 2);
    expect(resetMail.text).toContain(nick);
    const token = tokenIn(resetMail, 'password/reset');
    await pageC.goto(`/ru/password/reset?token=${token}`);
    await pageC.getByLabel('Новый пароль', { exact: true }).fill('new-secret-456');
    await pageC.getByLabel('Повторите новый пароль').fill('new-secret-456');
    await pageC.getByTestId('reset-submit').click();
    await pageC.getByTestId('reset-done').waitFor();
    await shot(pageC, 'password-reset-done-ru-375');

    // Device A was signed out by the reset, and says why.
    await pageA.getByTestId('nav-sign-in').waitFor({ timeout: 15_000 });
    expect(await pageA.getByTestId('user-menu').count()).toBe(0);

    // The link worked once; the new password signs in, and the account is told what happened.
    await pageC.goto(`/ru/password/reset?token=${token}`);
    await pageC.getByLabel('Новый пароль', { exact: true }).fill('other-secret-789');
    await pageC.getByLabel('Повторите новый пароль').fill('other-secret-789');
    await pageC.getByTestId('reset-submit').click();
    await pageC.getByTestId('reset-invalid').waitFor();
    await signIn(pageC, 'ru', nick, 'new-secret-456');
  });
});
