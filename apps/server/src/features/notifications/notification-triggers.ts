import { shouldNotifyMention } from '../../access/notification.policy';
import { ROOM_STATE, roomChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { RoomsRepository } from '../chat/rooms.repository';
import { deviceName, parseUserAgent } from '../auth/device-name';
import type { NotificationsService } from './notifications.service';

/** How much of a message a mention notification quotes. */
export const MENTION_EXCERPT_CHARS = 100;

export interface TriggerDeps {
  events: DomainEvents;
  notifications: NotificationsService;
  rooms: RoomsRepository;
  /** User ids with a socket in a room's presence channel (every node). */
  presentUserIds: (channel: string) => Promise<Set<number>>;
  /** Whether `userId` ignores `otherId` (an ignored author's mentions are not notified). */
  ignores: (userId: number, otherId: number) => Promise<boolean>;
}

/**
 * Notifications that follow from other features' domain events, kept here so that chat and
 * auth do not know about notifications.
 */
export function wireNotificationTriggers(deps: TriggerDeps): void {
  const { events, notifications } = deps;

  // Mention while away: a mentioned person who would not see the message now is told later.
  // "Away" is cheap to check and needs no new state: they are not in the room (left it), or
  // their room state is away, or no socket of theirs is in the room's presence channel.
  events.on('chat.message.stored', async ({ message, troll }) => {
    // A troll's message is seen by nearly nobody: its mentions tell nobody either.
    if (troll) return;
    const mentioned = [...new Set(message.nicks.map((n) => n.user_id))].filter(
      (id) => id !== message.user.id,
    );
    if (mentioned.length === 0) return;
    const [present, room] = await Promise.all([
      deps.presentUserIds(roomChannel(message.room_id)),
      deps.rooms.find(message.room_id),
    ]);
    const text = [...message.text].slice(0, MENTION_EXCERPT_CHARS).join('');
    for (const userId of mentioned) {
      const membership = await deps.rooms.membership(message.room_id, userId);
      const away = !membership || membership.state_id === ROOM_STATE.away || !present.has(userId);
      const facts = { mentionedId: userId, authorId: message.user.id, away, ignoresAuthor: false };
      if (!shouldNotifyMention(facts)) continue;
      // Asked only of those still to be told: a look-up per mention otherwise.
      facts.ignoresAuthor = await deps.ignores(userId, message.user.id);
      if (!shouldNotifyMention(facts)) continue;
      await notifications.notify(userId, 'new', {
        type: 'mention',
        user: message.user,
        room_id: message.room_id,
        // The room's names travel along: the bell may show it before the chat has loaded.
        room: room ? { id: room.id, name: { ru: room.name_ru, en: room.name_en } } : null,
        message_id: message.id,
        text,
      });
    }
  });

  // A new sign-in tells the account's devices (every open tab hears it on private-user.{id});
  // a registration has no other device to tell.
  events.on('auth.signed_in', async ({ userId, how, userAgent, ip, otherSessions }) => {
    if (how !== 'login' || otherSessions === 0) return;
    await notifications.notify(userId, 'new', {
      type: 'new_device',
      name: deviceName(userAgent),
      // The web names the device from these in the reader's language.
      ...parseUserAgent(userAgent),
      ip,
    });
  });

  // Too many wrong passwords from anywhere closed sign-in to the account for a while: its owner
  // learns why they cannot sign in, and that someone is guessing (issue 19, point 11).
  events.on('auth.sign_in_locked', async ({ userId, minutes }) => {
    await notifications.notify(userId, 'new', { type: 'sign_in_locked', minutes });
  });

  // A forgotten password was set anew by the mailed link, and every device signed out: the
  // account learns when and from where, in case it was not its owner (issue 24, point 5).
  events.on('auth.password_reset', async ({ userId, userAgent, ip }) => {
    await notifications.notify(userId, 'new', {
      type: 'password_reset',
      name: deviceName(userAgent),
      // The web names the device from these in the reader's language.
      ...parseUserAgent(userAgent),
      ip,
    });
  });
}
