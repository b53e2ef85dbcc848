import { createHash, createHmac } from 'node:crypto';

/** Telegram login widget fields signed as Telegram signs them, for the sign-in tests. */
export function signTelegramFields(
  fields: Record<string, string>,
  botToken: string,
): Record<string, string> {
  const check = Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(check).digest('hex') };
}
