import { registerBody } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { apiFieldErrors, zodFieldErrors } from './field-errors';

const translator = {
  t: (key: string) => i18n.t(key, { lng: 'en' }),
  exists: (key: string) => i18n.exists(key),
};

describe('field errors', () => {
  it('mirror the shared schema on the client, one message per field, translated', () => {
    const parsed = registerBody.safeParse({
      nick: ' x',
      password: '123',
      password_confirmation: '1234',
      phone: '8 912',
      email: 'not-an-email',
      birthdate: '2999-01-01',
    });
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues, translator);
    expect(errors).toEqual({
      nick: [
        'The nick may contain letters, digits, spaces, “_” and “-”, and may not begin or end with a space.',
      ],
      password: ['The password must be at least 6 characters.'],
      phone: ['Enter the phone in international format, like +7 912 345-67-89.'],
      email: ['Enter a valid e-mail address.'],
      birthdate: ['Enter a valid date of birth.'],
    });
  });

  it('put a 422 under its fields and anything unknown above the form', () => {
    const error = new ApiError(422, 'invalid', 'validation', {
      nick: ['This nick is already taken.'],
      body: ['The request body could not be read.'],
    });
    expect(apiFieldErrors(error, ['nick', 'password'])).toEqual({
      nick: ['This nick is already taken.'],
      form: ['The request body could not be read.'],
    });
  });

  it('leave other failures to the toast', () => {
    expect(apiFieldErrors(new ApiError(500, 'Server error.'), ['nick'])).toEqual({});
    expect(apiFieldErrors(new Error('x'), ['nick'])).toEqual({});
  });
});
