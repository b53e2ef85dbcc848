import type { Locale } from '@chat/shared';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, withDate: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${String(withDate)}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(
      locale,
      withDate
        ? { dateStyle: 'long', timeStyle: 'short' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
    formatters.set(key, format);
  }
  return format;
}

/** "14:05", with the full date in a tooltip for older messages. */
export function MessageTime({ iso, locale }: { iso: string; locale: Locale }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time className="chat-time" dateTime={iso} title={formatter(locale, true).format(date)}>
      {formatter(locale, false).format(date)}
    </time>
  );
}
