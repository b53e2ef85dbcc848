import { artPostChannel, type ArtComment } from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import {
  collect,
  connected,
  listen,
  next,
  pusherClient,
  sleep,
  subscribed,
} from '../../test/pusher-clients';
import { commentOn, group, person, publish } from './art.test-kit';

const dialects = await testDialects();

describe.each(dialects)('a live art post on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    port = (await listen(t.app)).port;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await t.close();
  });

  /** A visitor without a session with the post open. */
  const reader = async (postId: number) => {
    const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port);
    clients.push(pusher);
    await connected(pusher);
    return subscribed(pusher, artPostChannel(postId));
  };

  it('hears a comment, a like and a deletion', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const channel = await reader(post.id);

    const heard = next<{ post_id: number; comment: ArtComment }>(channel, 'Art.CommentStored');
    const res = await commentOn(await person(t.app), post.id, { text: 'Живой *комментарий*' });
    const comment = json<{ data: ArtComment }>(res).data;
    const stored = await heard;
    expect(stored.post_id).toBe(post.id);
    expect(stored.comment).toMatchObject({ id: comment.id, text: 'Живой *комментарий*' });
    expect(stored.comment.abilities).toBeUndefined();

    const liked = next<{ post_id: number; likes_count: number }>(channel, 'Art.LikesUpdated');
    await (
      await person(t.app)
    ).asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    expect(await liked).toEqual({ post_id: post.id, likes_count: 1 });

    const deleted = next<{ comment_id: number }>(channel, 'Art.CommentDeleted');
    await (
      await person(t.app, 'moderator')
    ).asBrowser({
      method: 'DELETE',
      url: `/api/art/comments/${comment.id}`,
    });
    expect(await deleted).toEqual({ post_id: post.id, comment_id: comment.id });
  });

  it('sends nothing of a refused post', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    await t.app.deps.database.db
      .updateTable('art_posts')
      .set({ status: 'refused' })
      .where('id', '=', post.id)
      .execute();
    const channel = await reader(post.id);
    const stored = collect(channel, 'Art.CommentStored');
    const likes = collect(channel, 'Art.LikesUpdated');
    // Its author still comments and staff still like; nobody else hears of it.
    expect((await commentOn(author, post.id, { text: 'Тихо' })).statusCode).toBe(201);
    await (
      await person(t.app, 'moderator')
    ).asBrowser({
      method: 'POST',
      url: `/api/art/posts/${post.id}/like`,
    });
    await sleep(300);
    expect(stored).toEqual([]);
    expect(likes).toEqual([]);
  });
});
