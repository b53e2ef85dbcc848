import { guestRegisterBody } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { guestFormSchema } from './guest-form-schema';

const messages = (result: ReturnType<typeof guestFormSchema.safeParse>) =>
  result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('guestFormSchema', () => {
  it.each([['a'], [''], ['x'.repeat(30)], [' bad'], ['ok nick'], ['Ａｎｎａ'], ['Анна-1']])(
    'agrees with the shared guestRegisterBody on %j',
    (nick) => {
      const light = guestFormSchema.safeParse({ nick });
      const shared = guestRegisterBody.safeParse({ nick });
      expect(light.success).toBe(shared.success);
      if (shared.success) expect(light.success && light.data).toEqual(shared.data);
      else expect(messages(light)).toEqual(messages(shared as never));
    },
  );

  it('refuses a missing nick', () => {
    expect(guestFormSchema.safeParse({}).success).toBe(false);
  });
});
