import * as messagePolicy from '../../../access/message.policy';
import { messageSource, QUOTES_INDEX } from './message-source';

/**
 * `in=quotes`: the quotes page's messages by their words, newest said first: the kept messages'
 * own words table (0036), as the quotes page shows them to the viewer (message.policy.ts
 * readableBy).
 */
export const quotesSearchSource = messageSource({
  scope: 'quotes',
  type: 'quote',
  link: (room_id, message_id) => ({ kind: 'quote', room_id, message_id }),
  index: QUOTES_INDEX,
  narrowed: (request, messages) => messages.where(messagePolicy.readableBy(request.viewer)),
});
