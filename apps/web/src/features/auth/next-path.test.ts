import { describe, expect, it } from 'vitest';
import { authPagePath, chatPath, nextPath, safeReturnPath } from './next-path';

describe('where signing in leads', () => {
  it('to the page the person was heading to, when it is on this site', () => {
    expect(nextPath('/en/page/privacy', 'en')).toBe('/en/page/privacy');
    expect(nextPath('/ru/chat?room=2', 'ru')).toBe('/ru/chat?room=2');
    expect(nextPath('/en/chat/12', 'en')).toBe('/en/chat/12');
    expect(nextPath('/en/profile/anna#photos', 'en')).toBe('/en/profile/anna#photos');
    expect(nextPath('/', 'ru')).toBe('/');
    // Encoded, a slash or a tab is part of a path on this site, not a way out of it.
    expect(nextPath('/%2F%2Fevil.com', 'en')).toBe('/%2F%2Fevil.com');
  });

  it('to the chat otherwise, never to another site', () => {
    expect(chatPath('en')).toBe('/en/chat');
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example/',
      'https:evil.example',
      'https:',
      'http://evil.example',
      '//evil.com',
      '//evil.com/en/chat',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '/./\\evil.com',
      '/.//evil.com',
      '/\t/evil.com',
      ' /en/chat',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'en/chat',
      '/ru/chat\nx',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(nextPath(next, 'ru'), JSON.stringify(next)).toBe('/ru/chat');
    }
  });

  it('never back to the sign-in or registration form itself', () => {
    expect(safeReturnPath('/en/login')).toBeNull();
    expect(safeReturnPath('/ru/register?next=/ru/chat')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/en/loginfo')).toBe('/en/loginfo');
  });

  it('builds the sign-in link that comes back to where the person is', () => {
    expect(authPagePath('en', 'login', '/en/chat/3')).toBe('/en/login?next=%2Fen%2Fchat%2F3');
    expect(authPagePath('ru', 'register', '/ru/premium')).toBe('/ru/register?next=%2Fru%2Fpremium');
    expect(authPagePath('en', 'login', '//evil.com')).toBe('/en/login');
  });
});
