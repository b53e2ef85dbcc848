import type { ProfileStatistics } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { formatDate, relativeTime } from '../format';

/** The spec's statistics; last online is "hidden" when the server withholds it (invisibility). */
export function ProfileStats({
  stats,
  quotesKept,
}: {
  stats: ProfileStatistics;
  /** How many of the person's messages others keep as quotes (the quotes page). */
  quotesKept?: number;
}) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const now = useNow(60_000);
  const count = (n: number) => n.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-GB');
  const lastOnline =
    stats.last_online === null
      ? t('stats.hidden')
      : (relativeTime(stats.last_online, now, locale) ?? t('stats.justNow'));
  const rows: [string, string, string][] = [
    ['last-online', t('stats.lastOnline'), lastOnline],
    ['public', t('stats.publicMessages'), count(stats.public_messages)],
    ['private', t('stats.privateMessages'), count(stats.private_messages)],
    ['total', t('stats.totalMessages'), count(stats.total_messages)],
    ['registered', t('stats.registeredAt'), formatDate(stats.registered_at, locale)],
    [
      'stealth',
      t('stats.stealth'),
      t('stats.stealthValue', { value: Math.round(stats.stealth_percent) }),
    ],
    ['violations', t('stats.violations'), count(stats.violations)],
  ];
  if (quotesKept !== undefined) rows.push(['quotes', t('stats.quotesKept'), count(quotesKept)]);
  return (
    <dl className="profile-facts profile-stats" data-testid="profile-stats">
      {rows.map(([id, label, value]) => (
        <div key={id} className="profile-fact">
          <dt>{label}</dt>
          <dd data-testid={`stat-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
