import type { ForumPost, ForumThreadPage, Reaction } from '@chat/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session/store';
import { openComplaintDialog } from '../complaints/dialog-store';
import { forumApi, forumKeys } from './api';
import { draftOf, patchDraft } from './drafts';
import { markdownNick, quoteMarkdown, withQuote } from './quote';
import { replacePost } from './thread-cache';
import type { PostHandlers } from './components/post-item';

interface Wiring {
  queryKey: QueryKey;
  threadId: number;
  replyBox: RefObject<HTMLTextAreaElement | null>;
  /** Asks before deleting (the page's dialog). */
  confirmDelete: (post: ForumPost) => void;
  showHistory: (post: ForumPost, from: HTMLElement | null) => void;
}

/** What a post's buttons do: quote into the reply box, react, edit, delete, history, report. */
export function usePostHandlers(wiring: Wiring): PostHandlers {
  const { t } = useTranslation('forum');
  const client = useQueryClient();
  const me = useSessionStore((s) => s.userData?.user ?? null);
  const update = (change: (page: ForumThreadPage) => ForumThreadPage) =>
    client.setQueryData<ForumThreadPage>(wiring.queryKey, (page) => (page ? change(page) : page));
  const postOf = (id: number) =>
    client.getQueryData<ForumThreadPage>(wiring.queryKey)?.data.find((p) => p.id === id);

  return {
    quote: (post, selected) => {
      const nick = post.author ? markdownNick(post.author.nick.nick) : t('deletedUser');
      const heading = t('quote.wrote', { nick, context: post.author?.gender ?? undefined });
      const draft = draftOf('reply', wiring.threadId);
      patchDraft('reply', wiring.threadId, {
        text: withQuote(draft.text, quoteMarkdown(selected ?? post.text, heading)),
        replyTo: post.id,
      });
      const box = wiring.replyBox.current;
      box?.focus({ preventScroll: true });
      box?.scrollIntoView?.({ block: 'center' });
      requestAnimationFrame(() => {
        const end = box?.value.length ?? 0;
        box?.setSelectionRange(end, end);
      });
    },
    react: (post, reaction: Reaction, on) => {
      if (me === null) return;
      const mine = { reaction, user: { id: me.id, slug: me.slug, nick: me.nick.nick } };
      const without = (p: ForumPost) =>
        p.reactions.filter((r) => !(r.user.id === me.id && r.reaction === reaction));
      const current = postOf(post.id) ?? post;
      update((page) =>
        replacePost(page, {
          ...current,
          reactions: on ? [...without(current), mine] : without(current),
        }),
      );
      forumApi.react(post.id, reaction, on).catch(() => {
        update((page) => replacePost(page, current));
      });
    },
    save: async (post, text) => {
      const saved = await forumApi.edit(post.id, { text });
      update((page) =>
        replacePost(page, { ...saved, abilities: saved.abilities ?? post.abilities }),
      );
      void client.invalidateQueries({ queryKey: forumKeys.edits(post.id) });
    },
    remove: (post) => wiring.confirmDelete(post),
    history: (post, from) => wiring.showHistory(post, from),
    report: (post) => openComplaintDialog({ type: 'forum_post', id: post.id }),
  };
}
