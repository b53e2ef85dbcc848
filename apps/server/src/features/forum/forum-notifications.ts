import { canSee } from '../../access/forum-post.policy';
import { viewerOf } from '../../access/viewer';
import type { DomainEventMap, DomainEvents } from '../../events/domain-events';
import { nowIso } from '../../lib/clock';
import { excerptOf } from '../content/markdown';
import { postFacts, threadFacts } from './forum-facts';
import type { ForumWatchesRepository, Watcher } from './forum-watches.repository';
import type { PostsRepository } from './posts.repository';
import type { ThreadsRepository } from './threads.repository';

export interface ForumNotificationDeps {
  events: DomainEvents;
  watches: ForumWatchesRepository;
  threads: ThreadsRepository;
  posts: PostsRepository;
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<unknown>;
}

/**
 * What a stored post tells people: its author follows the thread from now on; the thread's
 * followers get one `new` notification (`forum_reply`) until they have read up to it; people
 * named `@nick` get a `forum_mention`. Never someone who ignores the author, nor someone who
 * may not see the post (a troll's post, a held or refused one: those tell nobody).
 */
export function wireForumNotifications(deps: ForumNotificationDeps): void {
  deps.events.on('forum.post.stored', (event) => tell(deps, event));
}

async function tell(deps: ForumNotificationDeps, event: DomainEventMap['forum.post.stored']) {
  const { post, thread, authorId } = event;
  await deps.watches.watch(authorId, thread.id, nowIso());
  if (!event.public) return;
  const [postRow, threadRow] = await Promise.all([
    deps.posts.byId(post.id),
    deps.threads.byId(thread.id),
  ]);
  if (!postRow || !threadRow) return;
  const sees = (who: Watcher) => canSee(viewerOf(who), postFacts(postRow), threadFacts(threadRow));
  const about = {
    user: post.author,
    thread: { id: thread.id, slug: thread.slug, subject: thread.subject },
    post_id: post.id,
    number: post.number,
    text: excerptOf(post.text),
  };

  const watchers = (await deps.watches.toTell(thread.id, { number: post.number, authorId })).filter(
    sees,
  );
  await deps.watches.told(
    thread.id,
    watchers.map((w) => w.id),
    post.number,
  );
  for (const watcher of watchers)
    await deps.notify(watcher.id, 'new', { type: 'forum_reply', ...about });

  const told = new Set(watchers.map((w) => w.id));
  const mentioned = (await deps.watches.mentioned(event.mentions, authorId)).filter(
    (who) => !told.has(who.id) && sees(who),
  );
  for (const person of mentioned)
    await deps.notify(person.id, 'new', { type: 'forum_mention', ...about });
}
