/**
 * E-mail confirmation and a forgotten password in the hostile world (kit.ts): an account whose
 * address waits for the code mailed to it, an account with a confirmed address and a reset
 * link, and these routes' cases (the auth module's). The hostile sites send no mail: the codes
 * and links are read back from the `.eml` files of DATA_DIR/mail.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newToken } from '../lib/tokens';
import { clientOf, type Client } from '../test/factories';
import { codeIn, lastMailFileTo, tokenIn, type CaughtMail } from '../test/mail';
import { nextIp } from './auth-routes';
import { personValues, sessionValues, testPasswordHash } from './rows';
import type { MailWorld, RouteCase, SafeRouteCase } from './world';

export async function buildMailWorld(app: FastifyInstance, at: string): Promise<MailWorld> {
  const db = app.deps.database.db;
  const hash = await testPasswordHash();
  const person = async (label: string, confirmed: boolean): Promise<Client> => {
    const tag = `${label}${randomBytes(4).toString('hex')}`;
    const row = await db
      .insertInto('users')
      .values({
        ...personValues(tag, tag, 'user', hash, at),
        email: `${tag}@example.test`,
        email_verified_at: confirmed ? at : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const token = newToken();
    await db
      .insertInto('sessions')
      .values(sessionValues(row.id, token, at))
      .execute();
    return clientOf(app, row, token);
  };
  const lastMailTo = (address: string): CaughtMail => {
    const mail = lastMailFileTo(app, address);
    if (!mail) throw new Error(`no mail file for ${address}: is SMTP_URL set for the sweep?`);
    return mail;
  };
  const confirmer = await person('confirmer', false);
  await app.deps.emailConfirmations.send(confirmer.user.id, 'en');
  const confirmation = lastMailTo(confirmer.user.email!);
  const resetter = await person('resetter', true);
  // The forgotten password's job, run here: the sweep's site runs no job workers.
  await app.deps.passwordResets.sendLinks(resetter.user.nick, 'en');
  return {
    confirmer,
    code: codeIn(confirmation),
    confirmToken: tokenIn(confirmation, 'email/confirm'),
    resetter,
    resetToken: tokenIn(lastMailTo(resetter.user.email!), 'password/reset'),
  };
}

/** The auth module's mail routes (email.routes.ts, password-reset.routes.ts). */
export const MAIL_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/my/email/verify',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.mail.confirmer,
    call: () => ({ method: 'POST', url: '/api/my/email/verify' }),
  },
  {
    route: 'POST /api/my/email/confirm',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.mail.confirmer,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/email/confirm',
      payload: { code: w.mail.code },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/email/confirm',
    access: 'public',
    body: true,
    realPost: true,
    // The link works in any browser: here, another account's.
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/email/confirm',
      payload: { token: w.mail.confirmToken },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/password/forgot',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { nick_or_email: w.mail.resetter.user.nick },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/password/reset',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: {
        token: w.mail.resetToken,
        password: 'hostile-new-1',
        password_confirmation: 'hostile-new-1',
      },
      remoteAddress: nextIp(),
    }),
  },
];

export const MAIL_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/my/email', url: () => '/api/my/email', access: 'user' },
];
