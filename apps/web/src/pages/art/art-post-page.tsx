import './art-styles';
import type { ArtComment, ArtPostPage as ArtPostPageData } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { artApi, artKeys, postQuery } from '../../features/art/api';
import { ArtComments } from '../../features/art/components/art-comments';
import { ArtGrid } from '../../features/art/components/art-grid';
import { ArtPictures } from '../../features/art/components/art-pictures';
import { ArtPostEdit } from '../../features/art/components/art-post-edit';
import { ArtPostHeader } from '../../features/art/components/art-post-header';
import { CommentForm } from '../../features/art/components/comment-form';
import { LikeButton } from '../../features/art/components/like-button';
import { ShareButton } from '../../features/art/components/share-button';
import { mergeComments, withAbilities } from '../../features/art/comments';
import { artPath, artPostPath } from '../../features/art/links';
import { useLike } from '../../features/art/use-like';
import { usePostLive } from '../../features/art/use-post-live';
import { authPagePath } from '../../features/auth/next-path';
import { openComplaintDialog } from '../../features/complaints/dialog-store';
import { ConfirmModal } from '../../features/forum/components/confirm-modal';
import { SendGiftButton } from '../../features/presents/components/send-gift-button';
import { ServerHtml } from '../../shared/ui/server-html';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/use-locale';
import { isRegistered, useCan } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';

type Deleting = { kind: 'post' } | { kind: 'comment'; comment: ArtComment } | null;

function PostBody({ page, slug }: { page: ArtPostPageData; slug: string }) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  const moderator = useCan('content.moderate');
  const queryKey = artKeys.post(slug, viewerId);
  const post = page.data;
  const [comments, setComments] = useState<readonly ArtComment[]>(() =>
    mergeComments([], page.comments.data),
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const toggleLike = useLike(queryKey);
  const patchPost = (change: Partial<ArtPostPageData['data']>) =>
    client.setQueryData<ArtPostPageData>(queryKey, (p) =>
      p ? { ...p, data: { ...p.data, ...change } } : p,
    );

  usePostLive(post.id, {
    commentStored: (comment) =>
      setComments((shown) =>
        mergeComments(shown, [withAbilities(comment, { id: viewerId, registered, moderator })]),
      ),
    commentDeleted: (id) => setComments((shown) => shown.filter((c) => c.id !== id)),
    likesUpdated: (likes_count) => patchPost({ likes_count }),
    // Back after a drop: the post (its likes) read again, and the newest comments merged in.
    reconnected: () => {
      void client.invalidateQueries({ queryKey });
      void artApi.comments(post.id, 1).then(
        async (head) => {
          const last = head.meta.last_page;
          const newest = last > 1 ? await artApi.comments(post.id, last) : head;
          setComments((shown) => mergeComments(shown, newest.data));
        },
        () => undefined,
      );
    },
  });

  const confirmDelete = async () => {
    const what = deleting;
    setDeleting(null);
    if (what?.kind === 'post') {
      await artApi.remove(post.id);
      void client.invalidateQueries({ queryKey: artKeys.all });
      void navigate(artPath(locale, post.group.slug));
    } else if (what?.kind === 'comment') {
      await artApi.removeComment(what.comment.id);
      setComments((shown) => shown.filter((c) => c.id !== what.comment.id));
    }
  };
  const abilities = post.abilities;
  const commentForm = abilities.comment ? (
    <CommentForm
      postId={post.id}
      onSent={(c) => setComments((shown) => mergeComments(shown, [c]))}
    />
  ) : !registered ? (
    <p className="small mt-3" data-testid="art-comment-guest">
      <Link to={authPagePath(locale, 'login', location.pathname)}>{t('comments.signIn')}</Link>
    </p>
  ) : null;

  return (
    <article className="art-post" data-testid="art-post">
      <ArtPostHeader post={post} />
      {editing ? (
        <ArtPostEdit
          post={post}
          onCancel={() => setEditing(false)}
          onSave={async (change) => {
            const saved = await artApi.edit(post.id, change);
            client.setQueryData<ArtPostPageData>(queryKey, (p) =>
              p
                ? {
                    ...p,
                    data: { ...p.data, ...saved, abilities: saved.abilities ?? p.data.abilities },
                  }
                : p,
            );
            setEditing(false);
          }}
        />
      ) : (
        <>
          <ArtPictures pictures={post.pictures} title={post.title} adult={post.adult} />
          {post.html !== '' && <ServerHtml html={post.html} className="mb-3" />}
        </>
      )}
      <div className="art-post-bar">
        <LikeButton
          liked={post.liked}
          count={post.likes_count}
          likedBy={post.liked_by}
          canLike={abilities.like}
          onToggle={() => void toggleLike(post.id)}
          // Likes heard live bring a count, not names: the names are read when asked for.
          onPeek={() => {
            if (post.liked_by.length < Math.min(post.likes_count, 20))
              void client.invalidateQueries({ queryKey });
          }}
        />
        <ShareButton path={artPostPath(locale, post.slug)} />
        {abilities.gift && post.author && <SendGiftButton recipient={post.author} />}
        {abilities.edit && !editing && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => setEditing(true)}
            data-testid="art-edit"
          >
            {t('edit.open')}
          </Button>
        )}
        {abilities.complain && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => openComplaintDialog({ type: 'art_post', id: post.id })}
            data-testid="art-report"
          >
            {t('report')}
          </Button>
        )}
        {abilities.delete && (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => setDeleting({ kind: 'post' })}
            data-testid="art-delete"
          >
            {t('delete')}
          </Button>
        )}
      </div>
      <ArtComments
        postId={post.id}
        first={page.comments}
        comments={comments}
        onComments={setComments}
        onDelete={(comment) => setDeleting({ kind: 'comment', comment })}
        onReport={(comment) => openComplaintDialog({ type: 'art_comment', id: comment.id })}
        form={commentForm}
      />
      {post.more_by_author.length > 0 && (
        <section className="mt-4 art-strip" aria-labelledby="art-more-title">
          <h2 className="h5" id="art-more-title">
            {t('post.moreByAuthor')}
          </h2>
          <ArtGrid
            posts={post.more_by_author}
            rowHeight={120}
            label={t('post.moreByAuthor')}
            testId="art-more-by-author"
          />
        </section>
      )}
      <ConfirmModal
        show={deleting !== null}
        title={deleting?.kind === 'comment' ? t('deleteComment.title') : t('deletePost.title')}
        body={deleting?.kind === 'comment' ? t('deleteComment.body') : t('deletePost.body')}
        confirmLabel={t('delete')}
        onConfirm={() => void confirmDelete()}
        onHide={() => setDeleting(null)}
        testId="art-delete-confirm"
      />
    </article>
  );
}

/** `/{locale}/art/post/{postSlug}`: one post, its pictures large, likes and comments. */
export function ArtPostPage() {
  const { t } = useTranslation('art');
  const { postSlug = '' } = useParams();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const result = useQuery(postQuery(postSlug, viewerId));
  useOwnTitle(result.data?.data.title ?? null);
  let body;
  if (result.isPending)
    body = (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" size="sm" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  else if (result.error instanceof ApiError && result.error.status === 404)
    body = (
      <h1 className="h3" data-testid="art-post-missing">
        {t('postMissing')}
      </h1>
    );
  else if (result.isError)
    body = (
      <Alert variant="danger" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  else body = <PostBody key={result.data.data.id} page={result.data} slug={postSlug} />;
  return <Container className="py-4 art-page">{body}</Container>;
}
