import type { ForumPost, ForumThreadPage } from '@chat/shared';
import type { ReactNode, RefObject } from 'react';
import { Alert, CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { useSkipLink } from '../../../shared/hooks/use-skip-link';
import { authPagePath } from '../../auth/next-path';
import { isRegistered } from '../../session/permissions';
import { useSessionStore } from '../../session/store';
import { activeGag } from '../../sanctions/my-ban';
import { patchDraft, useForumDraft } from '../drafts';
import { ForumEditor, type EditorSubmission, type EditorTools } from './forum-editor';

type Thread = ForumThreadPage['thread'];

export interface ReplyAreaProps {
  thread: Thread;
  /** The posts of this page, to name the one a reply quotes. */
  posts: readonly ForumPost[];
  onSend: (submission: EditorSubmission) => Promise<void>;
  Tools?: EditorTools;
  /** What a gagged person sees instead of the box (the sanctions' banner, from the page). */
  gagNotice: ReactNode;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** From the top of the page, Tab and Enter reach the reply box (only while there is one). */
function ReplySkipLink({ target }: { target: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation('forum');
  useSkipLink('forum-reply', t('skipToReply'), target);
  return null;
}

/** Why I cannot reply here, if I cannot. */
export type ReplyBlock = 'locked' | 'guest' | 'gagged' | 'denied' | null;

export function replyBlock(thread: Thread, registered: boolean, gagged: boolean): ReplyBlock {
  if (thread.locked && !thread.abilities.moderate) return 'locked';
  if (!registered) return 'guest';
  if (gagged) return 'gagged';
  return thread.abilities.reply ? null : 'denied';
}

/**
 * The reply box at the bottom of a thread, or why there is none: a locked thread, a guest (with
 * the way to sign in and come back), a gag, or no right to post. A skip link leads to the box.
 */
export function ReplyArea({
  thread,
  posts,
  onSend,
  Tools,
  gagNotice,
  textareaRef,
}: ReplyAreaProps) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const location = useLocation();
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  const gagged = useSessionStore((s) => activeGag(s.userData) !== null);
  const block = replyBlock(thread, registered, gagged);
  const draft = useForumDraft('reply', thread.id);
  const from = `${location.pathname}${location.search}`;
  const quoted = posts.find((p) => p.id === draft.replyTo);

  if (block === 'locked')
    return (
      <Alert variant="secondary" className="forum-reply-blocked" data-testid="forum-reply-locked">
        {t('reply.locked')}
      </Alert>
    );
  if (block === 'guest')
    return (
      <Alert variant="info" className="forum-reply-blocked" data-testid="forum-reply-guest">
        {t('reply.guest')} <Link to={authPagePath(locale, 'login', from)}>{t('signIn')}</Link>
        {' · '}
        <Link to={authPagePath(locale, 'register', from)}>{t('register')}</Link>
      </Alert>
    );
  if (block === 'gagged')
    return (
      <div className="forum-reply-blocked" data-testid="forum-reply-gagged">
        {gagNotice}
      </div>
    );
  if (block === 'denied')
    return (
      <Alert variant="secondary" className="forum-reply-blocked" data-testid="forum-reply-denied">
        {t('reply.denied')}
      </Alert>
    );
  return (
    <section className="forum-reply" aria-labelledby="forum-reply-title">
      <ReplySkipLink target={textareaRef} />
      <h2 className="h5" id="forum-reply-title">
        {t('reply.title')}
      </h2>
      <ForumEditor
        kind="reply"
        draftId={thread.id}
        onSend={onSend}
        Tools={Tools}
        textareaRef={textareaRef}
        submitLabel={t('reply.send')}
        testId="forum-reply"
        header={
          draft.replyTo !== null && (
            <p className="forum-replying small mb-2" data-testid="forum-replying">
              {quoted ? t('reply.to', { number: quoted.number }) : t('reply.toPost')}
              <CloseButton
                className="ms-2 align-middle"
                aria-label={t('reply.dropQuote')}
                onClick={() => patchDraft('reply', thread.id, { replyTo: null })}
              />
            </p>
          )
        }
      />
    </section>
  );
}
