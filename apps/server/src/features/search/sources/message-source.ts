import { MESSAGE_TYPE, type SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { presentPublicUser } from '../../users/user.presenter';
import {
  countMatching,
  newestMatching,
  rowsCounted,
  type IdSlice,
  type SearchIndex,
} from '../search-driver';
import type { HitRef, SearchSource, SourceRequest } from '../search-registry';
import { makeSnippet } from '../snippet';

/** The chat's index of message words, which the chat's and the quotes page's searches read. */
export const MESSAGES_INDEX: SearchIndex<'messages'> = {
  fts: 'search_messages',
  table: 'messages',
  text: 'text',
};

/** Messages with words: said and `/me` actions (system lines and GIFs are not searched). */
export function searchedMessages({ db, driver, query }: SourceRequest, slice: IdSlice) {
  return (
    driver
      .from(db, MESSAGES_INDEX, query, slice)
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

type Matching = (request: SourceRequest, slice: IdSlice) => ReturnType<typeof searchedMessages>;

/**
 * A scope of chat messages (the chat's history, the quotes page's kept lines): `matching` adds
 * the scope's own clauses (who may read what, in SQL) to `searchedMessages`; hits name the room
 * and lead where `link` says. Guests search neither.
 */
export function messageSource(scope: {
  scope: SearchSource['scope'];
  type: 'chat_message' | 'quote';
  link: (roomId: number, messageId: number) => SearchHit['link'];
  matching: Matching;
}): SearchSource {
  const { matching } = scope;
  return {
    scope: scope.scope,

    async refs(request, { limit, offset }, withText) {
      if (request.viewer.id === null) return [];
      const { db, driver } = request;
      const rows = await newestMatching(driver, db, MESSAGES_INDEX, offset + limit, (slice, n) =>
        matching(request, slice)
          .select(['messages.id', 'messages.created_at'])
          .$if(withText, (q) => q.select('messages.text'))
          .orderBy(driver.newest(MESSAGES_INDEX), 'desc')
          .limit(n)
          .execute(),
      );
      return rows.slice(offset).map((r): HitRef => ({
        type: scope.type,
        id: r.id,
        created_at: r.created_at,
        ...(withText ? { text: r.text } : {}),
      }));
    },

    async count(request, cap) {
      if (request.viewer.id === null) return 0;
      const { db, driver } = request;
      return countMatching(driver, db, MESSAGES_INDEX, cap, (slice, n) =>
        rowsCounted(db, matching(request, slice).select(sql.lit(1).as('one')).limit(n)),
      );
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
