import type { GuestRegisterBody, InitData, LoginBody, UserData } from '@chat/shared';
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

/** A first sign-in with another site, finished with the nick picked: answers as registration. */
export function socialSignup(nick: string): Promise<UserData> {
  return signInWith('/api/auth/social/signup', { nick });
}

/**
 * Takes the session as the server sees it now, when it changed without an answer carrying it:
 * signed in by a cookie another page's call set (Telegram), or signed out by a password reset
 * (every session of that account ended). Init is the call that tells who the cookie is.
 */
export async function syncSession(): Promise<UserData | null> {
  const answer = await api.get<InitData>('/api/init', { query: { platform: 'pc' }, silent: true });
  const user = answer.data.user;
  const session = useSessionStore.getState();
  if (user === null) {
    if (session.userData !== null) session.logout();
  } else if (user.user.id !== session.userData?.user.id) {
    // The cookie's session is the one now: a token kept from another one would speak for it.
    session.setApiToken(null);
    session.signIn(user);
  }
  return user;
}

/** Signs out here even when the server call fails: the user asked to leave. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', undefined, { silent: true });
  } finally {
    useSessionStore.getState().logout();
  }
}
