import type { ForumPost, ForumThreadPage } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOwnTitle } from '../../../app/route-title';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { Pager } from '../../../shared/ui/pager';
import { isRegistered } from '../../session/permissions';
import { useSessionStore } from '../../session/store';
import { forumApi, forumKeys, threadQuery, type ThreadAt } from '../api';
import { forumPath, forumThreadPath, postAnchor } from '../links';
import { appendPost, applyThreadChange, liveAbilities, removePost } from '../thread-cache';
import { usePostHandlers } from '../use-post-handlers';
import { useThreadLive } from '../use-thread-live';
import { ConfirmModal } from './confirm-modal';
import type { EditorSubmission, EditorTools } from './forum-editor';
import { EditHistoryModal, type HistoryRequest } from './edit-history-modal';
import { NewRepliesPill, useFreshReplies } from './new-replies';
import { PostItem } from './post-item';
import { ReplyArea } from './reply-area';
import { ThreadHeader } from './thread-header';

const positive = (v: string | null): number | null => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 && n < 2 ** 31 ? n : null;
};

interface ThreadViewProps {
  slug: string;
  /** The page's tools for the reply box (the smiley picker). */
  Tools?: EditorTools;
  /** Shown instead of the reply box while I am gagged. */
  gagNotice: ReactNode;
}

/**
 * A thread: its header, a page of posts (opening where I stopped, or at `?post=`), the pages,
 * and the reply box; replies by others arrive live without moving what I read.
 */
export function ThreadView({ slug, Tools, gagNotice }: ThreadViewProps) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const at: ThreadAt = { page: positive(params.get('page')), post: positive(params.get('post')) };
  const me = useSessionStore((s) => s.userData);
  const queryKey = forumKeys.thread(slug, at, me?.user.id ?? null);
  const result = useQuery(threadQuery(slug, at, me?.user.id ?? null));
  const page = result.data;
  const thread = page?.thread ?? null;
  const viewer = { id: me?.user.id ?? null, registered: me !== null && isRegistered(me) };
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const [deleting, setDeleting] = useState<ForumPost | null>(null);
  const [history, setHistory] = useState<HistoryRequest | null>(null);
  const fresh = useFreshReplies();
  const now = useNow(60_000);
  useOwnTitle(thread?.subject);
  useThreadLive(thread?.id ?? null, queryKey, fresh.heard);
  const handlers = usePostHandlers({
    queryKey,
    threadId: thread?.id ?? 0,
    replyBox,
    confirmDelete: setDeleting,
    showHistory: (post, from) => setHistory({ post, from }),
  });
  const update = (change: (p: ForumThreadPage) => ForumThreadPage) =>
    client.setQueryData<ForumThreadPage>(queryKey, (p) => (p ? change(p) : p));

  // Once per page shown: to `?post=`, else to the first post I had not read.
  const target = at.post ?? thread?.first_unread_post_id ?? null;
  const shownKey = page ? `${slug}:${page.meta.current_page}:${String(at.post)}` : null;
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (shownKey === null || scrolled.current === shownKey) return;
    scrolled.current = shownKey;
    if (target === null) return;
    const element = document.getElementById(postAnchor(target));
    element?.scrollIntoView?.({ block: at.post !== null ? 'center' : 'start' });
    element?.focus({ preventScroll: true });
  }, [shownKey, target, at.post]);

  if (result.error instanceof ApiError && result.error.status === 404)
    return (
      <section data-testid="forum-thread-missing">
        <h1 className="h3">{t('threadMissing')}</h1>
      </section>
    );
  if (result.isError && !page)
    return (
      <p className="text-danger" role="alert">
        {t('loadFailed')}
      </p>
    );
  if (!page || !thread)
    return (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" size="sm" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );

  const onReply = async ({ draft, attachments, clientId }: EditorSubmission) => {
    const post = await forumApi.reply(slug, {
      text: draft.text,
      attachments: attachments.map((a) => a.id),
      ...(draft.replyTo !== null ? { reply_to: draft.replyTo } : {}),
      client_id: clientId,
    });
    const next = appendPost(page, post);
    if (next.appended) {
      update((p) => appendPost(p, post).page);
      requestAnimationFrame(() =>
        document.getElementById(postAnchor(post.id))?.scrollIntoView?.({ block: 'nearest' }),
      );
    } else {
      void navigate(forumThreadPath(locale, slug, { post: post.id }));
    }
  };
  const deletePost = async (post: ForumPost) => {
    setDeleting(null);
    await forumApi.remove(post.id);
    if (post.number === 1) {
      void navigate(forumPath(locale, thread.category.slug));
      return;
    }
    update((p) => removePost(p, post.id));
  };

  return (
    <>
      <ThreadHeader
        thread={thread}
        actions={{
          watch: async (on) => {
            await forumApi.watch(slug, on);
            update((p) => ({ ...p, thread: { ...p.thread, watching: on } }));
          },
          moderate: async (change) => {
            await forumApi.moderate(slug, change);
            void client.invalidateQueries({ queryKey: forumKeys.categories });
            if (change.deleted) {
              void navigate(forumPath(locale, thread.category.slug));
              return;
            }
            update((p) =>
              applyThreadChange(p, {
                thread_id: thread.id,
                pinned: change.pinned,
                locked: change.locked,
              }),
            );
            if (change.category !== undefined)
              void client.invalidateQueries({ queryKey: forumKeys.threads });
          },
        }}
      />
      <ol className="forum-posts list-unstyled" data-testid="forum-posts">
        {page.data.map((post) => (
          <li key={post.id}>
            <PostItem
              post={post}
              threadSlug={slug}
              abilities={post.abilities ?? liveAbilities(post, thread, viewer, now)}
              viewerId={viewer.id}
              highlighted={post.id === at.post}
              unreadFrom={
                at.post === null && post.id === thread.first_unread_post_id && post.number > 1
              }
              handlers={handlers}
            />
          </li>
        ))}
      </ol>
      <Pager
        page={page.meta.current_page}
        lastPage={page.meta.last_page}
        onPage={(n) => {
          setParams(n > 1 ? { page: String(n) } : {});
          window.scrollTo?.({ top: 0 });
        }}
        testId="forum-thread-pages"
      />
      <ReplyArea
        thread={thread}
        posts={page.data}
        onSend={onReply}
        Tools={Tools}
        gagNotice={gagNotice}
        textareaRef={replyBox}
      />
      <NewRepliesPill fresh={fresh} />
      <ConfirmModal
        show={deleting !== null}
        title={t('post.deleteTitle')}
        body={t('post.deleteBody', { number: deleting?.number ?? '' })}
        confirmLabel={t('post.delete')}
        onConfirm={() => deleting && void deletePost(deleting)}
        onHide={() => setDeleting(null)}
        testId="forum-post-delete-modal"
      />
      <EditHistoryModal request={history} onHide={() => setHistory(null)} />
    </>
  );
}
