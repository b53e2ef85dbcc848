import type { ForumPost, ForumPostAbilities, Reaction } from '@chat/shared';
import { useRef, useState } from 'react';
import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { formatWhen } from '../../../shared/ui/when';
import { AttachmentGrid } from '../../uploads';
import { forumThreadPath, postAnchor } from '../links';
import { selectionInside } from '../quote';
import { ForumAuthor } from './forum-author';
import { PostEditor } from './post-editor';
import { PostReactions } from './post-reactions';
import { SelectionQuote } from './selection-quote';
import { ServerHtml } from '../../../shared/ui/server-html';

/** What a post's buttons do; the thread page wires them to the API and the reply box. */
export interface PostHandlers {
  /** Quote the post, or the part of it selected (`selected`). */
  quote: (post: ForumPost, selected: string | null) => void;
  react: (post: ForumPost, reaction: Reaction, on: boolean) => void;
  save: (post: ForumPost, text: string) => Promise<void>;
  remove: (post: ForumPost) => void;
  history: (post: ForumPost, from: HTMLElement | null) => void;
  report: (post: ForumPost) => void;
}

interface PostItemProps {
  post: ForumPost;
  threadSlug: string;
  abilities: ForumPostAbilities;
  viewerId: number | null;
  highlighted: boolean;
  unreadFrom: boolean;
  handlers: PostHandlers;
}

/**
 * One post: author with avatar, number (a link to the post), time, edited mark, what it replies
 * to, the server's sanitized HTML, pictures, reactions and what the viewer may do with it.
 */
export function PostItem({
  post,
  threadSlug,
  abilities,
  viewerId,
  highlighted,
  unreadFrom,
  handlers,
}: PostItemProps) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLButtonElement>(null);
  // Taken when the pointer goes down on "Quote": the click that follows may clear the selection.
  const selected = useRef<string | null>(null);
  const grab = () => {
    selected.current = selectionInside(body.current, window.getSelection());
  };
  const more = abilities.edit || abilities.delete || abilities.history || abilities.complain;

  return (
    <article
      id={postAnchor(post.id)}
      className={`forum-post${highlighted ? ' is-highlighted' : ''}${post.held || post.status === 'refused' ? ' is-hidden-to-others' : ''}`}
      tabIndex={-1}
      aria-labelledby={`${postAnchor(post.id)}-head`}
      data-testid={`forum-post-${post.id}`}
    >
      {unreadFrom && (
        <div className="forum-unread-line" data-testid="forum-unread-line">
          <span>{t('post.unreadFrom')}</span>
        </div>
      )}
      <header className="forum-post-head" id={`${postAnchor(post.id)}-head`}>
        <ForumAuthor user={post.author} avatar={40} className="forum-post-author" />
        <span className="forum-post-meta small text-body-secondary">
          <Link
            to={forumThreadPath(locale, threadSlug, { post: post.id })}
            className="text-body-secondary"
            aria-label={t('post.link', { number: post.number })}
          >
            #{post.number}
          </Link>
          {' · '}
          <time dateTime={post.created_at}>{formatWhen(post.created_at, locale)}</time>
          {post.edited_at !== null && (
            <span className="forum-edited" title={formatWhen(post.edited_at, locale)}>
              {' · '}
              {t('post.edited')}
            </span>
          )}
        </span>
        {post.held && (
          <Badge bg="warning" text="dark">
            {t('post.held')}
          </Badge>
        )}
        {post.status === 'refused' && <Badge bg="danger">{t('post.refused')}</Badge>}
      </header>
      {post.reply_to && (
        <p className="forum-reply-to small text-body-secondary">
          <Link to={forumThreadPath(locale, threadSlug, { post: post.reply_to.id })}>
            {t('post.replyTo', { number: post.reply_to.number })}
          </Link>{' '}
          {post.reply_to.author && <ForumAuthor user={post.reply_to.author} />}
          {post.reply_to.excerpt && (
            <span className="forum-reply-excerpt">: {post.reply_to.excerpt}</span>
          )}
        </p>
      )}
      {editing ? (
        <PostEditor
          post={post}
          onSave={async (text) => {
            await handlers.save(post, text);
            setEditing(false);
          }}
          onCancel={() => {
            setEditing(false);
            menu.current?.focus();
          }}
        />
      ) : (
        <div ref={body} className="forum-post-body" data-testid={`forum-post-body-${post.id}`}>
          <ServerHtml html={post.html} />
        </div>
      )}
      {abilities.quote && !editing && (
        <SelectionQuote
          body={body}
          onQuote={(text) => handlers.quote(post, text)}
          testId={`forum-quote-selection-${post.id}`}
        />
      )}
      <AttachmentGrid attachments={post.attachments} />
      <footer className="forum-post-actions">
        <PostReactions
          post={post}
          viewerId={viewerId}
          canReact={abilities.react}
          onToggle={(reaction, on) => handlers.react(post, reaction, on)}
        />
        {abilities.quote && (
          <Button
            variant="link"
            size="sm"
            onPointerDown={grab}
            onMouseDown={grab}
            onClick={() => {
              const text = selected.current ?? selectionInside(body.current, window.getSelection());
              selected.current = null;
              handlers.quote(post, text);
            }}
            data-testid={`forum-quote-${post.id}`}
          >
            {t('post.quote')}
          </Button>
        )}
        {more && (
          <Dropdown align="end">
            <Dropdown.Toggle
              ref={menu}
              variant="link"
              size="sm"
              aria-label={t('post.more', { number: post.number })}
              data-testid={`forum-more-${post.id}`}
            >
              ⋯
            </Dropdown.Toggle>
            <Dropdown.Menu>
              {abilities.edit && (
                <Dropdown.Item
                  as="button"
                  onClick={() => setEditing(true)}
                  data-testid={`forum-edit-open-${post.id}`}
                >
                  {t('post.edit')}
                </Dropdown.Item>
              )}
              {abilities.history && post.edited_at !== null && (
                <Dropdown.Item
                  as="button"
                  onClick={() => handlers.history(post, menu.current)}
                  data-testid={`forum-history-${post.id}`}
                >
                  {t('post.history')}
                </Dropdown.Item>
              )}
              {abilities.complain && (
                <Dropdown.Item
                  as="button"
                  onClick={() => handlers.report(post)}
                  data-testid={`forum-report-${post.id}`}
                >
                  {t('post.report')}
                </Dropdown.Item>
              )}
              {abilities.delete && (
                <Dropdown.Item
                  as="button"
                  className="text-danger"
                  onClick={() => handlers.remove(post)}
                  data-testid={`forum-delete-${post.id}`}
                >
                  {t('post.delete')}
                </Dropdown.Item>
              )}
            </Dropdown.Menu>
          </Dropdown>
        )}
      </footer>
    </article>
  );
}
