import type { UserData } from '@chat/shared';

let counter = 0;

/** A nick no other test uses (letters and digits, within the 24-character limit). */
export function uniqueNick(prefix: string): string {
  counter += 1;
  const salt = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
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
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...fields, password_confirmation: fields.password }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: UserData };
  return body.data;
}
