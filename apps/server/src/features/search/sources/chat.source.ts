import { messagesFoundBy } from '../../../access/search.policy';
import { MESSAGES_INDEX, messageSource } from './message-source';

/** Chat history of the rooms the viewer may read (access/search.policy.ts messagesFoundBy). */
export const chatSearchSource = messageSource({
  scope: 'chat',
  type: 'chat_message',
  link: (room_id, message_id) => ({ kind: 'chat', room_id, message_id }),
  index: MESSAGES_INDEX,
  narrowed: (request, messages) => {
    const q = messages.where(messagesFoundBy(request.viewer));
    return request.room === undefined ? q : q.where('messages.room_id', '=', request.room);
  },
});
