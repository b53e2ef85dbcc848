import type { GiftStatistics } from '@chat/shared';

export const STATISTICS_CSV_HEADER = [
  'period',
  'gift_id',
  'gift_name_ru',
  'gift_name_en',
  'count',
  'coins',
  'anonymous_share',
  'top_senders',
] as const;

/**
 * A spreadsheet opens a cell starting with = + - @ as a formula: nicks and gift names are
 * people's text, so such a cell is prefixed with a quote to stay text.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The statistics as CSV: one row per gift and period, top senders as "nick count/coins; ...". */
export function statisticsCsv(stats: GiftStatistics): string {
  const lines = [STATISTICS_CSV_HEADER.join(',')];
  for (const { gift, periods } of stats.gifts) {
    for (const p of periods) {
      const top = p.top_senders.map((s) => `${s.user.nick.nick} ${s.count}/${s.coins}`).join('; ');
      lines.push(
        [p.period, gift.id, gift.name_ru, gift.name_en, p.count, p.coins, p.anonymous_share, top]
          .map(cell)
          .join(','),
      );
    }
  }
  // A byte order mark, so a spreadsheet reads the Russian names as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
