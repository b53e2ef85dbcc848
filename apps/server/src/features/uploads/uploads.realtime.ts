import { userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** A picture's processing ended: only its uploader hears it. */
export function uploadsRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('attachment.ready', ({ userId, attachment }) => {
    rt.send(userChannel(userId), 'AttachmentReady', attachment);
  });
}
