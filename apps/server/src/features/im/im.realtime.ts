import { userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Private messages: only the two people of a channel, each on their own user channel. */
export function imRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('im.channel.stored', ({ userId, channel }) => {
    rt.send(userChannel(userId), 'Im.ChannelStored', channel);
  });
  events.on('im.message.stored', ({ message, parties }) => {
    rt.send(parties.map(userChannel), 'Im.MessageStored', message);
  });
  events.on('im.message.deleted', ({ message, parties }) => {
    rt.send(parties.map(userChannel), 'Im.MessageDeleted', message);
  });
  events.on('im.message.restored', ({ message, parties }) => {
    rt.send(parties.map(userChannel), 'Im.MessageRestored', message);
  });
  events.on('im.count.updated', ({ userId, count }) => {
    rt.send(userChannel(userId), 'Im.MessagesCountUpdated', count);
  });
  events.on('im.messages.read', ({ authorId, read }) => {
    rt.send(userChannel(authorId), 'Im.MessagesRead', read);
  });
}
