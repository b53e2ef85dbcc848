/** What a provider tells of the person who signed in there, the same for every provider. */
export interface ProviderPerson {
  /** The provider's stable id for the person (never their e-mail or name). */
  subject: string;
  /** A display name, as the provider has it (shown as text only). */
  name: string | null;
  /** A login or nickname at the provider, when it has one: a better nick than the name. */
  username: string | null;
  email: string | null;
  /** Whether the provider says it confirmed that address. Never a reason to link accounts. */
  emailVerified: boolean;
  /** The person's picture (an absolute URL), taken as the avatar at sign-up. */
  picture: string | null;
}

type Json = Record<string, unknown>;

const text = (v: unknown, max = 255): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
const id = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, 255) : typeof v === 'number' ? String(v) : null;
const url = (v: unknown): string | null => {
  const s = text(v, 2048);
  return s && /^https?:\/\//i.test(s) ? s : null;
};
const joined = (...parts: unknown[]): string | null =>
  text(
    parts
      .map((p) => text(p))
      .filter(Boolean)
      .join(' '),
  );

/** OpenID Connect's standard claims (ID token and userinfo merged). */
export function personFromClaims(claims: Json): ProviderPerson | null {
  const subject = id(claims.sub);
  if (!subject) return null;
  return {
    subject,
    name: text(claims.name) ?? joined(claims.given_name, claims.family_name),
    username: text(claims.preferred_username) ?? text(claims.nickname),
    email: text(claims.email, 254),
    emailVerified: claims.email_verified === true,
    picture: url(claims.picture),
  };
}

/** Yandex ID's `login.yandex.ru/info` answer. */
export function personFromYandex(info: Json): ProviderPerson | null {
  const subject = id(info.id);
  if (!subject) return null;
  const avatarId = text(info.default_avatar_id);
  return {
    subject,
    name: text(info.display_name) ?? text(info.real_name),
    username: text(info.login),
    email: text(info.default_email, 254),
    // Yandex gives the account's own mailbox or a confirmed one.
    emailVerified: text(info.default_email) !== null,
    picture:
      avatarId && info.is_avatar_empty !== true
        ? `https://avatars.yandex.net/get-yapic/${encodeURIComponent(avatarId)}/islands-200`
        : null,
  };
}

/** Mail.ru's `oauth.mail.ru/userinfo` answer. */
export function personFromMailru(info: Json): ProviderPerson | null {
  const subject = id(info.id);
  if (!subject) return null;
  return {
    subject,
    name: text(info.name) ?? joined(info.first_name, info.last_name),
    username: text(info.nickname),
    email: text(info.email, 254),
    emailVerified: text(info.email) !== null,
    picture: url(info.image),
  };
}

/** VK ID's `oauth2/user_info` answer (`{ user: {...} }`). */
export function personFromVk(answer: Json): ProviderPerson | null {
  const user = (answer.user ?? {}) as Json;
  const subject = id(user.user_id);
  if (!subject) return null;
  return {
    subject,
    name: joined(user.first_name, user.last_name),
    username: null,
    email: text(user.email, 254),
    emailVerified: false,
    picture: url(user.avatar),
  };
}
