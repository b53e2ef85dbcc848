import { sql } from 'kysely';
import * as messagePolicy from '../../../access/message.policy';
import { keptMessages, messageSource } from './message-source';

/**
 * `in=quotes`: the quotes page's messages by their words, newest said first: the kept messages
 * whose words match, as the quotes page shows them to the viewer (message.policy.ts readableBy).
 */
export const quotesSearchSource = messageSource({
  scope: 'quotes',
  type: 'quote',
  link: (room_id, message_id) => ({ kind: 'quote', room_id, message_id }),
  matching: (request) => keptMessages(request).where(messagePolicy.readableBy(request.viewer)),
  newest: () => sql<number>`${sql.ref('messages.id')}`,
});
