import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '../constants';
import { composeMessage } from './commands';

describe('composeMessage', () => {
  it('makes "/me ..." an action with the rest as its text', () => {
    expect(composeMessage('/me waves')).toEqual({ type_id: MESSAGE_TYPE.action, text: 'waves' });
    expect(composeMessage('  /ME  waves at\nAnna  ')).toEqual({
      type_id: MESSAGE_TYPE.action,
      text: 'waves at\nAnna',
    });
  });

  it('leaves everything else a regular message, unchanged', () => {
    for (const text of ['/me', '/me   ', '/meow', 'hi /me waves', '//me waves', 'me waves']) {
      expect(composeMessage(text), text).toEqual({ type_id: MESSAGE_TYPE.message, text });
    }
  });
});
