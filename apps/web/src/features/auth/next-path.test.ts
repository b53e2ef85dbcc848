import { describe, expect, it } from 'vitest';
import { chatPath, nextPath } from './next-path';

describe('where signing in leads', () => {
  it('to the page the person was heading to, when it is on this site', () => {
    expect(nextPath('/en/page/privacy', 'en')).toBe('/en/page/privacy');
    expect(nextPath('/ru/chat?room=2', 'ru')).toBe('/ru/chat?room=2');
  });

  it('to the chat otherwise, never to another site', () => {
    expect(chatPath('en')).toBe('/en/chat');
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ru/chat\nx',
    ]) {
      expect(nextPath(next, 'ru'), String(next)).toBe('/ru/chat');
    }
  });
});
