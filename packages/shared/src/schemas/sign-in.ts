import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { nickSchema } from './nick';
import { plainText } from './fields';

/**
 * Signing in with other sites, e-mail confirmation and a forgotten password (issue 24; API.md
 * "Social sign-in, e-mail and recovery").
 */

/** A provider's id: the built-in ones and any OpenID Connect provider a site adds. */
export const providerId = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { message: 'provider.unknown' });

/** One configured provider, as the sign-in and sign-up forms show its button. */
export const authProvider = z.object({
  id: z.string(),
  /** The button's label (the provider's own name). */
  name: z.string(),
  /**
   * `oauth`: the button goes to `GET /api/auth/social/{id}/redirect`. `telegram`: the button goes
   * to Telegram's own page (`telegram.bot_id`), which sends the person back to
   * `/{locale}/auth/telegram` with its signed fields, posted to `POST /api/auth/telegram`.
   */
  kind: z.enum(['oauth', 'telegram']),
  telegram: z.object({ bot_id: z.string(), bot_name: z.string() }).optional(),
});
export type AuthProvider = z.infer<typeof authProvider>;
export const authProvidersAnswer = z.object({ data: z.array(authProvider) });

/**
 * A first sign-in with a provider waiting for its nick (`GET /api/auth/social/signup`): what the
 * provider told of the person. The browser holds the step in an HttpOnly cookie.
 */
export const socialSignup = z.object({
  provider: z.string(),
  provider_name: z.string(),
  /** The person's name at the provider, shown as text. */
  display_name: z.string().nullable(),
  /** A free nick made from that name (or the guest's own nick), checked when suggested. */
  suggested_nick: z.string(),
  /** Whether the provider gave a picture, which becomes the avatar. */
  has_avatar: z.boolean(),
  /** Where the person was going when they chose to sign in: a path of this site. */
  return_to: z.string(),
});
export type SocialSignup = z.infer<typeof socialSignup>;
export const socialSignupAnswer = z.object({ data: socialSignup });

/** `POST /api/auth/social/signup`: the nick chosen; answers as registration does (201). */
export const socialSignupBody = z.object({ nick: nickSchema });
export type SocialSignupBody = z.infer<typeof socialSignupBody>;

/** `GET /api/auth/nick-free?nick=`: whether a nick may be taken now (the live check). */
export const nickFreeAnswer = z.object({
  data: z.object({ free: z.boolean(), reason: z.string().nullable() }),
});

/**
 * `POST /api/auth/telegram`: the login widget's fields as Telegram sent them (every field it sent
 * takes part in the hash, so unknown ones are kept as strings), and where to go afterwards.
 */
export const telegramAuthBody = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    auth_date: z.union([z.string(), z.number()]).transform(String),
    hash: z.string().regex(/^[0-9a-f]{64}$/, { message: 'telegram.invalid' }),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(256).optional(),
    photo_url: z.string().max(2048).optional(),
    return_to: z.string().max(2048).optional(),
    /** `link`: link Telegram to the signed-in account (the security page), not sign in. */
    intent: z.enum(['signin', 'link']).optional(),
  })
  // A field Telegram adds later is signed too: kept (as a short string) so the hash still checks.
  .catchall(z.string().max(512));
export type TelegramAuthBody = z.infer<typeof telegramAuthBody>;

/** What a sign-in with a provider led to, for the page that posted Telegram's fields. */
export const socialOutcomeAnswer = z.object({
  data: z.object({
    /** `signed_in`, `signup` (pick a nick next), or `linked` (to the signed-in account). */
    outcome: z.enum(['signed_in', 'signup', 'linked']),
    /** Where the page goes now: a path of this site. */
    next: z.string(),
  }),
});

/** `GET /api/my/social`: the account's links and whether each may be removed. */
export const mySocialAnswer = z.object({
  data: z.object({
    links: z.array(
      z.object({
        provider: z.string(),
        provider_name: z.string(),
        /** The person's name at the provider, shown as text. */
        name: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    /** Whether the account can sign in by password (nick or phone). */
    has_password: z.boolean(),
    /** False when the only way to sign in is a single link: it cannot be removed. */
    can_unlink: z.boolean(),
    /** The configured providers not linked yet: the page's "link" buttons. */
    available: z.array(authProvider),
  }),
});

const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'email.code_invalid' });
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { message: 'token.invalid' });

/** `POST /api/my/email/confirm`: the code from the mail, signed in. */
export const myEmailConfirmBody = z.object({ code: sixDigits });
/** `POST /api/auth/email/confirm`: the mail's link token, from any browser. */
export const emailLinkConfirmBody = z.object({ token: linkToken });

/** The account's e-mail and whether it is confirmed (`GET /api/my/email`, and confirm's answer). */
export const myEmailAnswer = z.object({
  data: z.object({
    email: z.string().nullable(),
    verified: z.boolean(),
    /** A code was sent and can still be typed. */
    code_pending: z.boolean(),
  }),
});

/** `POST /api/auth/password/forgot`: always 204, whether an account matches or not. */
export const passwordForgotBody = z.object({
  nick_or_email: plainText.pipe(z.string().trim().min(1, { message: 'required' }).max(254)),
});
export type PasswordForgotBody = z.infer<typeof passwordForgotBody>;

/** `POST /api/auth/password/reset`: the mailed link's token and the new password. */
export const passwordResetBody = z
  .object({
    token: linkToken,
    password: z
      .string()
      .min(PASSWORD_MIN, { message: 'password.too_short' })
      .max(PASSWORD_MAX, { message: 'password.too_long' }),
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'password.mismatch',
  });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
