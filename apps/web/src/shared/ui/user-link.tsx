import type { Locale, PublicUser } from '@chat/shared';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { StyledNick } from '../../profiles/components/styled-nick';
import { profilePath } from '../../profiles/links';

/** A person as the moderation pages show them: the styled nick, linking to the profile. */
export function UserLink({ user }: { user: PublicUser }) {
  const locale = useLocale();
  return (
    <Link to={profilePath(locale, user.slug)} className="text-decoration-none">
      <StyledNick nick={user.nick} />
    </Link>
  );
}

/** "12 May 2025, 14:03" in the page's language; empty for a missing or broken date. */
export function formatWhen(iso: string | null, locale: Locale): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date in a `<time>` element. */
export function When({ iso }: { iso: string | null }) {
  const locale = useLocale();
  if (iso === null) return null;
  return <time dateTime={iso}>{formatWhen(iso, locale)}</time>;
}
