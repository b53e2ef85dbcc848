import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserData } from '@chat/shared';

let counter = 0;

/**
 * A nick no other test uses, within the 24-character limit. The salt is digits, which go with
 * any script: a Cyrillic prefix followed by Latin letters would be a mixed-script word, which
 * the site refuses as a look-alike risk.
 */
export function uniqueNick(prefix: string): string {
  counter += 1;
  const salt = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  return `${prefix}${salt}${counter}`.slice(0, 24);
}

export interface RegisterFields {
  nick: string;
  password: string;
  phone?: string;
  email?: string;
}

/** Registers through the API directly (no browser), as another client would. */
export async function registerUser(baseUrl: string, fields: RegisterFields): Promise<UserData> {
  return (await registerWithToken(baseUrl, fields)).data;
}

/** Registers through the API and answers the user data with the account's bearer token. */
export async function registerWithToken(
  baseUrl: string,
  fields: RegisterFields,
): Promise<{ data: UserData; token: string }> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...fields, password_confirmation: fields.password }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: UserData; meta: { token: string } };
  return { data: body.data, token: body.meta.token };
}

/**
 * Confirms the phone waiting on an account with the code the server "sent": without an SMS
 * gateway the server appends each message to DATA_DIR/sms.log, which the journeys can read.
 */
export async function confirmPhone(
  baseUrl: string,
  dataDir: string,
  token: string,
  phoneDigits: string,
): Promise<void> {
  const lines = readFileSync(join(dataDir, 'sms.log'), 'utf8').trim().split('\n');
  const sent = lines
    .map((line) => JSON.parse(line) as { phone: string; text: string })
    .filter((m) => m.phone.replace(/\D/g, '').endsWith(phoneDigits));
  const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to …${phoneDigits}`);
  const response = await fetch(`${baseUrl}/api/my/phone/confirm`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ code }),
  });
  if (!response.ok)
    throw new Error(`phone confirm failed: ${response.status} ${await response.text()}`);
}
