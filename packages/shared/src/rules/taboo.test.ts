import { describe, expect, it } from 'vitest';
import { TABOO_TOPICS, isTabooTopic, tabooTopicLabel } from './taboo';

describe('taboo topics', () => {
  it('lists the five topics', () => {
    expect(TABOO_TOPICS).toEqual(['racism', 'nazism', 'drugs', 'suicide', 'porn']);
  });

  it('labels each topic in English', () => {
    expect(TABOO_TOPICS.map((topic) => tabooTopicLabel(topic, 'en'))).toEqual([
      'Racism',
      'Nazism',
      'Drugs',
      'Suicide',
      'Pornography',
    ]);
  });

  it('labels each topic in Russian', () => {
    expect(TABOO_TOPICS.map((topic) => tabooTopicLabel(topic, 'ru'))).toEqual([
      'Расизм',
      'Нацизм',
      'Наркотики',
      'Суицид',
      'Порнография',
    ]);
  });

  it('recognises only the listed topics', () => {
    expect(isTabooTopic('drugs')).toBe(true);
    expect(isTabooTopic('Drugs')).toBe(false);
    expect(isTabooTopic('')).toBe(false);
    expect(isTabooTopic('__proto__')).toBe(false);
    expect(isTabooTopic(null)).toBe(false);
  });
});
