import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import type { ProfileRow } from '../api';
import { formatDate, relativeTime } from '../format';
import { profilePath } from '../links';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { useLiveAuthor } from '../../../shared/users/user-cache';
import { agreeWith } from '../../../i18n/gender';

/** One person in a list: avatar with frame, styled nick, age and gender, online or last seen. */
export function ProfileRowItem({ row: fetched, now }: { row: ProfileRow; now: number }) {
  const row = useLiveAuthor(fetched);
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const facts = [
    // A noun in a list ("Женщина, 25 лет"), not the profile's adjective ("Пол: Женский").
    row.gender ? t(`list.genders.${row.gender}`) : null,
    row.age !== null ? t('profile.years', { count: row.age }) : null,
    row.month_messages !== null ? t('list.monthMessages', { count: row.month_messages }) : null,
    row.month_messages === null && row.registered_at && !row.online && !row.last_online
      ? t('list.registered', { date: formatDate(row.registered_at, locale) })
      : null,
  ].filter(Boolean);
  const seen = row.online
    ? t('list.onlineNow')
    : row.last_online
      ? t('list.lastOnline', {
          ...agreeWith(row),
          when: relativeTime(row.last_online, now, locale) ?? t('stats.justNow'),
        })
      : null;
  return (
    <li className="profiles-row" data-testid={`profiles-row-${row.user.id}`}>
      <Link to={profilePath(locale, row.user.slug)} className="profiles-row-link">
        <AvatarWithFrame user={row.user} size={44} />
        <span className="profiles-row-text">
          <StyledNick nick={row.user.nick} className="profiles-row-nick text-truncate" />
          <span className="profiles-row-facts small text-body-secondary">
            {facts.join(', ')}
            {facts.length > 0 && seen ? ' · ' : ''}
            {seen && <span className={row.online ? 'profiles-online' : undefined}>{seen}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
