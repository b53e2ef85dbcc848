import type { Gender, NotificationWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { notificationText } from '../features/notifications/components/notification-text';
import { describeNotification } from '../features/notifications/describe';
import { deviceLabel } from '../shared/device-label';
import { agreeWith } from './gender';
import { i18n } from './i18n';
import { resources } from './resources';

const ru = (ns: string) => i18n.getFixedT('ru', ns);
const GENDERS: readonly (Gender | null)[] = ['male', 'female', null];

function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

const note = (kind: string, data: Record<string, unknown>): NotificationWire => ({
  id: 1,
  kind,
  data,
  read_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const said = (n: NotificationWire) =>
  notificationText(describeNotification(n, 'ru'), i18n.getFixedT('ru', 'notifications'));
const person = (nick: string, gender: Gender | null) => ({
  id: 7,
  slug: nick.toLowerCase(),
  nick: { nick },
  gender,
});

describe('Russian as Russians write it', () => {
  it('never puts a nick or a room name where Russian would have to decline it', () => {
    // A preposition or a verb right before a name asks for a case the name cannot take
    // ("Сообщение в Флудилка", "от Марина"): a noun takes it instead ("в комнату «…»").
    const declined =
      /(^|\s)(в|во|для|от|у|к|ко|с|со|из|о|об|про|без|до|на|по|сделать|упомянуть|модерировать|наказать|профиль)\s+\{\{(nick|room|name|who)\}\}/i;
    const found = texts(resources.ru).filter(([, text]) => declined.test(text));
    expect(found).toEqual([]);
  });

  it('writes no "(а)" anywhere: the neutral form is a phrase that needs no gender', () => {
    // "Пользователь Саша подарил" (the verb agrees with the noun), "жалоба принята", "Исполнитель".
    const hedged = texts(resources.ru).filter(([, text]) => /\((а|ла|ась|лась)\)/.test(text));
    expect(hedged).toEqual([]);
  });

  it('says each gendered text in three forms: his, hers, and neutral', () => {
    const all = new Map(texts(resources.ru));
    const gendered = [...all.keys()].filter((key) => /_female(_\w+)?$/.test(key));
    expect(gendered.length).toBeGreaterThan(20);
    for (const female of gendered) {
      const male = female.replace('_female', '_male');
      const neutral = female.replace('_female', '');
      const text = (key: string) => all.get(key);
      expect(text(male), male).toBeDefined();
      expect(text(neutral), neutral).toBeDefined();
      expect(new Set([text(male), text(female), text(neutral)]).size, female).toBe(3);
    }
  });

  it('puts the room into the composer with a noun that takes the case', () => {
    expect(ru('chat')('composer.placeholderRoom', { room: 'Флудилка' })).toBe(
      'Сообщение в комнату «Флудилка»',
    );
    expect(ru('chat')('users.actions', { nick: 'Марина' })).toBe('Действия: Марина');
  });

  it('agrees a gift, coins, a friend and a mention with the sender', () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      [
        'gift',
        { gift: { name: { ru: 'Роза', en: 'Rose' } } },
        [
          'Bob подарил вам подарок: Роза',
          'Марина подарила вам подарок: Роза',
          'Пользователь Саша подарил вам подарок: Роза',
        ],
      ],
      [
        'gift-coins',
        { amount: 5 },
        [
          'Bob подарил вам 5 монет',
          'Марина подарила вам 5 монет',
          'Пользователь Саша подарил вам 5 монет',
        ],
      ],
      [
        'new',
        { type: 'friend_accepted' },
        [
          'Bob принял вашу заявку в друзья',
          'Марина приняла вашу заявку в друзья',
          'Пользователь Саша принял вашу заявку в друзья',
        ],
      ],
      [
        'new',
        { type: 'mention', room: { id: 1, name: { ru: 'Флудилка', en: 'Flood' } } },
        [
          'Bob упомянул вас в комнате «Флудилка»',
          'Марина упомянула вас в комнате «Флудилка»',
          'Пользователь Саша упомянул вас в комнате «Флудилка»',
        ],
      ],
    ];
    const people = [person('Bob', 'male'), person('Марина', 'female'), person('Саша', null)];
    for (const [kind, data, expected] of cases) {
      const key = kind === 'gift-coins' ? 'sender' : 'user';
      expect(people.map((p) => said(note(kind, { ...data, [key]: p })))).toEqual(expected);
    }
  });

  it('says "от анонима" for an anonymous gift, whatever slipped into the data', () => {
    const gift = { gift: { name: { ru: 'Роза', en: 'Rose' } }, anonymous: true };
    expect(said(note('gift', { ...gift, user: person('Марина', 'female') }))).toBe(
      'Вам подарок от анонима: Роза',
    );
  });

  it('names who reported, took and answered a complaint by their gender', () => {
    const t = ru('complaints');
    const forms = (key: string) => GENDERS.map((gender) => t(key, agreeWith({ gender })));
    expect(forms('detail.reporter')).toEqual(['Пожаловался', 'Пожаловалась', 'Автор жалобы']);
    expect(forms('detail.assignee')).toEqual(['Взял в работу', 'Взяла в работу', 'Исполнитель']);
    expect(forms('detail.resolver')).toEqual(['Ответил', 'Ответила', 'Автор ответа']);
  });

  it('says a person’s state in the room by their gender', () => {
    const t = ru('chat');
    const away = GENDERS.map((gender) => t('users.state.2', agreeWith({ gender })));
    const busy = GENDERS.map((gender) => t('users.state.3', agreeWith({ gender })));
    expect(away).toEqual(['Отошёл', 'Отошла', 'Нет на месте']);
    expect(busy).toEqual(['Занят', 'Занята', 'Не беспокоить']);
  });

  it('tells the moderator what was done, and the log who did it, by gender', () => {
    const s = ru('sanctions');
    expect(
      GENDERS.map((gender) => s('dialog.done.gag', { nick: 'Марина', ...agreeWith({ gender }) })),
    ).toEqual(['Марина получил кляп.', 'Марина получила кляп.', 'Кляп выдан: Марина.']);
    expect(s('roles.done.moderator', { nick: 'Bob' })).toBe('Bob теперь модератор.');
    const m = ru('moderation');
    expect(GENDERS.map((gender) => m('actions.complaint.take', agreeWith({ gender })))).toEqual([
      'взял жалобу',
      'взяла жалобу',
      'жалоба взята в работу',
    ]);
  });

  it('tells a gagged person plainly until when they may not write', () => {
    expect(ru('sanctions')('gag.banner', { until: '12 мая, 18:00', reason: 'Флуд' })).toBe(
      'Вам запрещено писать до 12 мая, 18:00. Причина: Флуд.',
    );
  });

  it('names devices in Russian from the server’s parts', () => {
    const t = i18n.getFixedT('ru');
    expect(deviceLabel({ browser: 'Chrome', browser_version: '131', os: 'Linux' }, t)).toBe(
      'Chrome 131 на Linux',
    );
    expect(deviceLabel({ browser: null, browser_version: null, os: 'Linux' }, t)).toBe(
      'Неизвестный браузер на Linux',
    );
    expect(deviceLabel({ browser: null, browser_version: null, os: null }, t)).toBe(
      'Неизвестный браузер',
    );
    const signIn = note('new', {
      type: 'new_device',
      name: 'Unknown browser on Linux',
      browser: null,
      browser_version: null,
      os: 'Linux',
      ip: '10.0.0.1',
    });
    expect(said(signIn)).toBe('Новый вход: Неизвестный браузер на Linux, 10.0.0.1');
    const reset = note('new', {
      type: 'password_reset',
      name: 'Chrome 131 on Linux',
      browser: 'Chrome',
      browser_version: '131',
      os: 'Linux',
      ip: '10.0.0.2',
    });
    expect(said(reset)).toBe(
      'Ваш пароль изменён по ссылке из письма (Chrome 131 на Linux, 10.0.0.2); все устройства вышли из аккаунта. Если это были не вы, смените пароль снова и защитите почтовый ящик.',
    );
  });
});
