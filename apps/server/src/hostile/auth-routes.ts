/** The sign-in routes' cases in the hostile sweep (the auth module's). */
import { randomBytes } from 'node:crypto';
import { TEST_PASSWORD } from '../test/factories';
import type { RouteCase } from './world';

let ip = 0;
/** A fresh client address, so sign-in and registration limits of one test never hit another. */
export const nextIp = () => {
  ip += 1;
  return `10.77.${(ip >> 8) & 255}.${ip & 255}`;
};

const freshNick = () => `N${randomBytes(5).toString('hex')}`;

export const AUTH_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/auth/guest/register',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({
      method: 'POST',
      url: '/api/auth/guest/register',
      payload: { nick: freshNick() },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/register',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nick: freshNick(), password: 'password-1', password_confirmation: 'password-1' },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/login',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone: w.peer.user.nick, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/logout',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/auth/logout' }),
  },
];
