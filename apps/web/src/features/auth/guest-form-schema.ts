import { NICK_RULES, normalizeNick, type GuestRegisterBody } from '@chat/shared';
import type { FormSchema, SchemaIssue } from './field-errors';

/**
 * The guest form's check, built from the same rules (NICK_RULES) and in the same order as the
 * shared `guestRegisterBody` the server runs, so the same messages come out. Written without zod:
 * it is the home page's only form, and zod (even zod/mini, whose core the splitter shares with
 * the other pages' classic schemas) would be the largest part of that page's own code.
 */
export const guestFormSchema: FormSchema<GuestRegisterBody> = {
  safeParse(value) {
    const raw = (value as { nick?: unknown } | null)?.nick;
    if (typeof raw !== 'string') {
      const issue = { code: 'invalid_type', path: ['nick'], message: 'required' };
      return { success: false, error: { issues: [issue] } };
    }
    const nick = normalizeNick(raw);
    const issues: SchemaIssue[] = NICK_RULES.filter(([check]) => !check(nick)).map(
      ([, message]) => ({ code: 'custom', path: ['nick'], message }),
    );
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: { nick } };
  },
};
