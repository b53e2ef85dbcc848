import { z } from 'zod';
import { NICK_RULES, normalizeNick } from './nick-rules';

export * from './nick-rules';

export const nickSchema = NICK_RULES.reduce(
  (schema, [check, message]) => schema.refine(check, { message }),
  z.string().transform(normalizeNick),
);
export * from './nick-scripts';
