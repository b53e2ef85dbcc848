import type { Locale } from '../locale';

/** The forbidden topics behind the "taboo" ban reason (spec section 9). */
export const TABOO_TOPICS = ['racism', 'nazism', 'drugs', 'suicide', 'porn'] as const;
export type TabooTopic = (typeof TABOO_TOPICS)[number];

const TABOO_TOPIC_LABELS: Record<Locale, Record<TabooTopic, string>> = {
  en: {
    racism: 'Racism',
    nazism: 'Nazism',
    drugs: 'Drugs',
    suicide: 'Suicide',
    porn: 'Pornography',
  },
  ru: {
    racism: 'Расизм',
    nazism: 'Нацизм',
    drugs: 'Наркотики',
    suicide: 'Суицид',
    porn: 'Порнография',
  },
};

export function isTabooTopic(value: unknown): value is TabooTopic {
  return (TABOO_TOPICS as readonly unknown[]).includes(value);
}

export function tabooTopicLabel(topic: TabooTopic, locale: Locale): string {
  return TABOO_TOPIC_LABELS[locale][topic];
}
