import { MESSAGE_TYPE, type SearchHit } from '@chat/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/schema';
import { presentPublicUser } from '../../users/user.presenter';
import { rowsCounted, type SearchIndex } from '../search-driver';
import type { HitRef, SearchSource, SourceRequest } from '../search-registry';
import { makeSnippet } from '../snippet';

/** The chat's index of message words. */
export const MESSAGES_INDEX: SearchIndex<'messages'> = {
  wordsTable: 'search_messages',
  table: 'messages',
  text: 'text',
};

/** The words of the kept messages only, which the quotes page's search reads (0036). */
export const QUOTES_INDEX: SearchIndex<'messages'> = {
  wordsTable: 'search_quotes',
  table: 'messages',
  text: 'text',
};

/** Searched messages with their author joined as `users` and their room as `rooms`. */
type MessageRows = SelectQueryBuilder<DB, 'messages' | 'users' | 'rooms', object>;

/**
 * The messages whose words match in `index` (newest first: `driver.newest(index)`), with
 * words: said and `/me` actions (system lines and GIFs are not searched).
 */
function searchedMessages(
  { db, driver, query }: SourceRequest,
  index: SearchIndex<'messages'>,
): MessageRows {
  return (
    driver
      .from(db, index, query)
      .innerJoin('users', 'users.id', 'messages.user_id')
      .innerJoin('rooms', 'rooms.id', 'messages.room_id')
      // Literals: a partial plan of a prepared statement keeps them (no generic-plan surprise).
      .where(
        'messages.type_id',
        'in',
        [MESSAGE_TYPE.message, MESSAGE_TYPE.action].map((t) => sql.lit(t)),
      )
  );
}

/**
 * A scope of chat messages (the chat's history, the quotes page's kept lines): the messages
 * whose words match in its `index`, narrowed by its own clauses (who may read what, in SQL);
 * hits name the room and lead where `link` says. Guests search neither.
 */
export function messageSource(scope: {
  scope: SearchSource['scope'];
  type: 'chat_message' | 'quote';
  link: (roomId: number, messageId: number) => SearchHit['link'];
  /** The words table the scope reads. */
  index: SearchIndex<'messages'>;
  /** The scope's own clauses on the matching messages (who may read what). */
  narrowed: (request: SourceRequest, messages: MessageRows) => MessageRows;
}): SearchSource {
  const { narrowed, index } = scope;
  const matching = (request: SourceRequest) => narrowed(request, searchedMessages(request, index));
  return {
    scope: scope.scope,

    async refs(request, { limit, offset }, withText) {
      if (request.viewer.id === null) return [];
      const rows = await matching(request)
        .select(['messages.id', 'messages.created_at'])
        .$if(withText, (q) => q.select('messages.text'))
        .orderBy(request.driver.newest(index), 'desc')
        .limit(offset + limit)
        .execute();
      return rows.slice(offset).map((r): HitRef => ({
        type: scope.type,
        id: r.id,
        created_at: r.created_at,
        ...(withText ? { text: r.text } : {}),
      }));
    },

    async count(request, cap) {
      if (request.viewer.id === null) return 0;
      return rowsCounted(request.db, matching(request).select(sql.lit(1).as('one')).limit(cap));
    },
    async hits(request, refs) {
      const ids = refs.map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await request.db
        .selectFrom('messages')
        .innerJoin('users', 'users.id', 'messages.user_id')
        .innerJoin('rooms', 'rooms.id', 'messages.room_id')
        .selectAll('users')
        .select([
          'messages.id as message_id',
          'messages.text as message_text',
          'messages.created_at as message_created_at',
          'messages.room_id as room_id',
          'rooms.name_ru as room_name_ru',
          'rooms.name_en as room_name_en',
        ])
        .where('messages.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.message_id, r]));
      return refs.flatMap((ref): SearchHit[] => {
        const r = byId.get(ref.id);
        if (!r) return [];
        return [
          {
            type: scope.type,
            id: r.message_id,
            link: scope.link(r.room_id, r.message_id),
            title: request.locale === 'en' ? r.room_name_en : r.room_name_ru,
            snippet: makeSnippet(r.message_text, request.query),
            author: presentPublicUser(r),
            created_at: r.message_created_at,
          },
        ];
      });
    },
  };
}
