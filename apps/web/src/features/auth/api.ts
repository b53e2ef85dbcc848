import type { GuestRegisterBody, LoginBody, UserData } from '@chat/shared';
import { api } from '../../lib/api';
import { useSessionStore } from '../session/store';

/** The register form sends what the user typed; the server's zod schema normalises it. */
export interface RegisterInput {
  nick: string;
  password: string;
  password_confirmation: string;
  email?: string;
  phone?: string;
  gender?: string;
  birthdate?: string;
}

async function signInWith(path: string, body: unknown): Promise<UserData> {
  const answer = await api.post<UserData>(path, body, { handlesValidation: true });
  const token = typeof answer.meta?.token === 'string' ? answer.meta.token : null;
  useSessionStore.getState().signIn(answer.data, token);
  return answer.data;
}

export function registerGuest(body: GuestRegisterBody): Promise<UserData> {
  return signInWith('/api/auth/guest/register', body);
}

export function register(body: RegisterInput): Promise<UserData> {
  return signInWith('/api/auth/register', body);
}

export function login(body: LoginBody): Promise<UserData> {
  return signInWith('/api/auth/login', body);
}

/** Signs out here even when the server call fails: the user asked to leave. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', undefined, { silent: true });
  } finally {
    useSessionStore.getState().logout();
  }
}
