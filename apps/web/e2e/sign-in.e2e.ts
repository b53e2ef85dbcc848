import { describe, expect, it } from 'vitest';
import { confirmPhone, registerUser, registerWithToken, uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import { workerServer } from './worker-server';

const session = useBrowser();

describe('sign in', () => {
  it('signs in by nick from the navbar modal; a wrong password is said on the form', async () => {
    const nick = uniqueNick('Nick');
    await registerUser(session.baseUrl, { nick, password: 'secret-123' });
    const page = await session.newPage();
    await page.goto('/en');
    await page.getByTestId('nav-sign-in').click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Nick or phone').fill(nick);
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // The pair is wrong, not the nick: the form says so, and no field is marked.
    const error = dialog.getByTestId('form-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Wrong nick, phone or password.');
    expect(await dialog.getByTestId('error-nick_or_phone').count()).toBe(0);
    expect(await dialog.getByLabel('Nick or phone').getAttribute('class')).not.toContain(
      'is-invalid',
    );
    await shot(page, 'sign-in-error-en');

    await dialog.getByLabel('Password').fill('secret-123');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(
      `You are signed in as ${nick} (user).`,
    );
  });

  it('signs in by phone on the Russian page, typed without spaces', async () => {
    const nick = uniqueNick('Phone');
    const digits = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
    // A phone becomes a sign-in name only once the code sent to it is confirmed.
    const { token } = await registerWithToken(session.baseUrl, {
      nick,
      password: 'secret-123',
      phone: `+7 912 ${digits}`,
    });
    await confirmPhone(session.baseUrl, workerServer().dataDir, token, digits);
    const page = await session.newPage();
    await page.goto('/ru/login');
    await page
      .getByText('Телефон вводится в международном формате, например +7 912 345-67-89.')
      .waitFor();
    await page.getByLabel('Ник или телефон').fill(`+7912${digits}`);
    await page.getByLabel('Пароль').fill('secret-123');
    await page
      .getByTestId('sign-in-form')
      .getByRole('button', { name: 'Войти', exact: true })
      .click();
    // With nowhere else to go, signing in lands in the chat.
    await page.waitForURL((url) => /^\/ru\/chat(\/\d+)?$/.test(url.pathname));
    await page.getByTestId('composer').waitFor();
    await page.goto('/');
    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(
      `Вы вошли как ${nick} (пользователь).`,
    );
  });
});
