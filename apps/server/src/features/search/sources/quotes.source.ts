import * as messagePolicy from '../../../access/message.policy';
import { messageSource, searchedMessages } from './message-source';

/**
 * `in=quotes`: the quotes page's messages by their words, newest said first: the chat's matches
 * that someone keeps, as the quotes page shows them to the viewer (message.policy.ts readableBy).
 */
export const quotesSearchSource = messageSource({
  scope: 'quotes',
  type: 'quote',
  link: (room_id, message_id) => ({ kind: 'quote', room_id, message_id }),
  matching: (request, slice) =>
    searchedMessages(request, slice)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('quotes')
            .select('quotes.message_id')
            .whereRef('quotes.message_id', '=', 'messages.id'),
        ),
      )
      .where(messagePolicy.readableBy(request.viewer)),
});
