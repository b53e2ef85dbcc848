import { escapeHtml, nickKey, type SearchHit } from '@chat/shared';
import type { ProfilesRepository } from '../../profiles/profiles.repository';
import { presentPublicUser } from '../../users/user.presenter';
import type { SearchSource, SourceRequest } from '../search-registry';

/**
 * The nick a query names: the typed text without the query language's quotes and stars, as
 * the profiles list's nick search reads it (features/profiles: a prefix of the nick key).
 */
function nickPrefix(request: SourceRequest): string {
  return nickKey(request.text.replace(/["*\p{Cc}]/gu, '').trim());
}

/** People by nick prefix, through the profiles feature's own search (the same people it lists). */
export function peopleSearchSource(
  profiles: Pick<ProfilesRepository, 'searchByNickPrefix'>,
): SearchSource {
  return {
    scope: 'people',

    async refs(request, page) {
      const prefix = nickPrefix(request);
      if (prefix === '') return [];
      const { rows } = await profiles.searchByNickPrefix(prefix, page);
      return rows.map((u) => ({ type: 'user', id: u.id, created_at: u.created_at }));
    },

    async count(request, cap) {
      const prefix = nickPrefix(request);
      if (prefix === '') return 0;
      const { total } = await profiles.searchByNickPrefix(prefix, { limit: 1, offset: 0 });
      return Math.min(total, cap);
    },

    async hits(request, refs) {
      const ids = refs.map((r) => r.id);
      if (ids.length === 0) return [];
      const users = await request.db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(users.map((u) => [u.id, u]));
      const prefix = nickPrefix(request);
      return refs.flatMap((ref): SearchHit[] => {
        const u = byId.get(ref.id);
        if (!u) return [];
        return [
          {
            type: 'user',
            id: u.id,
            link: { kind: 'profile', user_slug: u.slug },
            title: u.nick,
            snippet: markPrefix(u.nick, prefix),
            author: presentPublicUser(u),
            created_at: u.created_at,
          },
        ];
      });
    },
  };
}

/** The nick, escaped, its first characters marked when they are the prefix searched for. */
function markPrefix(nick: string, prefix: string): string {
  const head = [...nick].slice(0, [...prefix].length).join('');
  if (nickKey(head) !== prefix) return escapeHtml(nick);
  return `<mark>${escapeHtml(head)}</mark>${escapeHtml(nick.slice(head.length))}`;
}
