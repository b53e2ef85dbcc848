import { MESSAGE_TYPE, type SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import * as messagePolicy from '../../../access/message.policy';
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

/** The chat's own index: a kept message is found by the words of the message. */
const INDEX: SearchIndex<'messages'> = { fts: 'search_messages', table: 'messages', text: 'text' };
const SEARCHED_TYPES = [MESSAGE_TYPE.message, MESSAGE_TYPE.action];

/**
 * Kept messages the quotes page shows the viewer (message.policy.ts readableBy): the chat's
 * matches that someone keeps.
 */
function matching({ db, driver, viewer, query }: SourceRequest, slice: IdSlice) {
  return driver
    .from(db, INDEX, query, slice)
    .innerJoin('users', 'users.id', 'messages.user_id')
    .innerJoin('rooms', 'rooms.id', 'messages.room_id')
    .where(
      'messages.type_id',
      'in',
      SEARCHED_TYPES.map((t) => sql.lit(t)),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('quotes')
          .select('quotes.message_id')
          .whereRef('quotes.message_id', '=', 'messages.id'),
      ),
    )
    .where(messagePolicy.readableBy(viewer));
}

/** `in=quotes`: the quotes page's messages by their words, newest said first. */
export const quotesSearchSource: SearchSource = {
  scope: 'quotes',

  async refs(request, { limit, offset }, withText) {
    if (request.viewer.id === null) return [];
    const { db, driver } = request;
    const rows = await newestMatching(driver, db, INDEX, offset + limit, (slice, n) =>
      matching(request, slice)
        .select(['messages.id', 'messages.created_at'])
        .$if(withText, (q) => q.select('messages.text'))
        .orderBy(driver.newest(INDEX), 'desc')
        .limit(n)
        .execute(),
    );
    return rows.slice(offset).map((r): HitRef => ({
      type: 'quote',
      id: r.id,
      created_at: r.created_at,
      ...(withText ? { text: r.text } : {}),
    }));
  },

  async count(request, cap) {
    if (request.viewer.id === null) return 0;
    const { db, driver } = request;
    return countMatching(driver, db, INDEX, cap, (slice, n) =>
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
          type: 'quote',
          id: r.message_id,
          link: { kind: 'quote', room_id: r.room_id, message_id: r.message_id },
          title: request.locale === 'en' ? r.room_name_en : r.room_name_ru,
          snippet: makeSnippet(r.message_text, request.query),
          author: presentPublicUser(r),
          created_at: r.message_created_at,
        },
      ];
    });
  },
};
