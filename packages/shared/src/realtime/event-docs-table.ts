import { CHANNEL_KINDS, type ChannelKindName } from './channels';
import { CLIENT_EVENT_DOCS, EVENT_DOCS, type EventDoc } from './event-docs';

/** The markers docs/realtime.md keeps around the generated tables. */
export const TABLE_BEGIN =
  '<!-- realtime-registry:begin (npm run docs:realtime writes this part) -->';
export const TABLE_END = '<!-- realtime-registry:end -->';

const KIND_ORDER: ChannelKindName[] = ['common', 'chat', 'room', 'user', 'forum', 'art'];

const cell = (text: string) => text.replaceAll('|', '\\|');

function row(event: string, kind: ChannelKindName, doc: EventDoc): string {
  const channel = `\`${CHANNEL_KINDS[kind].pattern}\`${doc.to ? `: ${doc.to}` : ''}`;
  return `| \`${event}\` | ${cell(channel)} | ${cell(doc.payload)} | ${cell(doc.raisedBy)} |`;
}

/** The channel table and the event catalogue, as markdown, from the registry. */
export function renderRealtimeTables(): string {
  const channels = [
    '| channel | type | who may join | members others see |',
    '|---|---|---|---|',
    ...KIND_ORDER.map((kind) => {
      const k = CHANNEL_KINDS[kind];
      return `| \`${k.pattern}\` | ${k.type} | ${cell(k.audience)} | ${cell(k.members ?? '')} |`;
    }),
  ];
  const events = ['| event | channel | payload | raised by |', '|---|---|---|---|'];
  let count = 0;
  for (const kind of KIND_ORDER) {
    for (const [event, doc] of Object.entries<EventDoc>(EVENT_DOCS[kind])) {
      events.push(row(event, kind, doc));
      count += 1;
    }
  }
  for (const [event, doc] of Object.entries(CLIENT_EVENT_DOCS))
    events.push(row(event, doc.channel as ChannelKindName, doc));
  return [
    TABLE_BEGIN,
    '',
    ...channels,
    '',
    `${count} server events and ${Object.keys(CLIENT_EVENT_DOCS).length} client event:`,
    '',
    ...events,
    '',
    TABLE_END,
  ].join('\n');
}

/** The document with its generated part replaced (or null when the markers are missing). */
export function withRealtimeTables(document: string): string | null {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin < 0 || end < begin) return null;
  return document.slice(0, begin) + renderRealtimeTables() + document.slice(end + TABLE_END.length);
}
