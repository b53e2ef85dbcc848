import { useTranslation } from 'react-i18next';

/** One tick: sent; two: the other person read it (read_at). */
export function Ticks({ read }: { read: boolean }) {
  const { t } = useTranslation('im');
  const label = read ? t('message.read') : t('message.sent');
  return (
    <span
      className={`im-ticks${read ? ' is-read' : ''}`}
      title={label}
      data-testid={read ? 'im-read' : 'im-sent'}
    >
      <svg width="16" height="11" viewBox="0 0 16 11" aria-hidden="true" focusable="false">
        <path d="M1 6l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.6" />
        {read && <path d="M6 9l1 0 6-7" fill="none" stroke="currentColor" strokeWidth="1.6" />}
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
