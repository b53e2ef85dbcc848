import type { ChatMessage, Locale, Quote } from '@chat/shared';
import type { KeptRef } from './quotes.repository';

/** A kept message on the quotes page: the message as said, its room, who keep it. */
export function presentQuote(
  message: ChatMessage,
  ref: KeptRef,
  quoted: boolean,
  locale: Locale,
): Quote {
  return {
    message,
    room: { id: ref.room_id, name: locale === 'en' ? ref.room_name_en : ref.room_name_ru },
    quoted_count: ref.quoted_count,
    quoted,
    quoted_at: ref.quoted_at,
  };
}
