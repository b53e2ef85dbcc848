import type { ForumThreadPage } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { categoriesQuery } from '../api';
import { forumPath } from '../links';
import { ConfirmModal } from './confirm-modal';
import { ForumAuthor } from './forum-author';

type Thread = ForumThreadPage['thread'];

export interface ThreadActions {
  watch: (on: boolean) => Promise<void>;
  moderate: (change: {
    pinned?: boolean;
    locked?: boolean;
    category?: string;
    deleted?: boolean;
  }) => Promise<void>;
}

/** Moving a thread: the other categories, asked for only when the menu opens. */
function MoveItems({ thread, onMove }: { thread: Thread; onMove: (slug: string) => void }) {
  const { t } = useTranslation('forum');
  const categories = useQuery(categoriesQuery());
  const others = (categories.data ?? []).filter((c) => c.slug !== thread.category.slug);
  return (
    <>
      <Dropdown.Header>{t('moderate.moveTo')}</Dropdown.Header>
      {others.map((category) => (
        <Dropdown.Item
          key={category.id}
          as="button"
          onClick={() => onMove(category.slug)}
          data-testid={`forum-move-${category.slug}`}
        >
          {category.name}
        </Dropdown.Item>
      ))}
    </>
  );
}

/** The thread's subject, category, marks, the follow button and the moderators' tools. */
export function ThreadHeader({ thread, actions }: { thread: Thread; actions: ThreadActions }) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  return (
    <header className="forum-thread-head mb-3">
      <nav aria-label={t('breadcrumb')} className="small mb-1">
        <Link to={forumPath(locale)}>{t('title')}</Link>
        {' › '}
        <Link to={forumPath(locale, thread.category.slug)} data-testid="forum-thread-category">
          {thread.category.name}
        </Link>
      </nav>
      <h1 className="h3 mb-2 text-break" data-testid="forum-thread-subject">
        {thread.subject}
      </h1>
      <div className="forum-thread-tools">
        <span className="small text-body-secondary">
          <ForumAuthor user={thread.author} />
        </span>
        {thread.pinned && (
          <Badge bg="warning" text="dark" data-testid="forum-thread-pinned">
            {t('marks.pinned')}
          </Badge>
        )}
        {thread.locked && (
          <Badge bg="secondary" data-testid="forum-thread-locked">
            {t('marks.locked')}
          </Badge>
        )}
        {thread.abilities.watch && (
          <Button
            size="sm"
            variant={thread.watching ? 'secondary' : 'outline-primary'}
            aria-pressed={thread.watching}
            onClick={() => void actions.watch(!thread.watching)}
            data-testid="forum-watch"
          >
            {thread.watching ? t('watch.off') : t('watch.on')}
          </Button>
        )}
        {thread.abilities.moderate && (
          <Dropdown onToggle={(open) => setMoveOpen(open)}>
            <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid="forum-moderate">
              {t('moderate.menu')}
            </Dropdown.Toggle>
            <Dropdown.Menu>
              <Dropdown.Item
                as="button"
                onClick={() => void actions.moderate({ pinned: !thread.pinned })}
                data-testid="forum-pin"
              >
                {thread.pinned ? t('moderate.unpin') : t('moderate.pin')}
              </Dropdown.Item>
              <Dropdown.Item
                as="button"
                onClick={() => void actions.moderate({ locked: !thread.locked })}
                data-testid="forum-lock"
              >
                {thread.locked ? t('moderate.unlock') : t('moderate.lock')}
              </Dropdown.Item>
              <Dropdown.Item
                as="button"
                className="text-danger"
                onClick={() => setConfirmDelete(true)}
                data-testid="forum-thread-delete"
              >
                {t('moderate.delete')}
              </Dropdown.Item>
              <Dropdown.Divider />
              {moveOpen && (
                <MoveItems
                  thread={thread}
                  onMove={(slug) => void actions.moderate({ category: slug })}
                />
              )}
            </Dropdown.Menu>
          </Dropdown>
        )}
      </div>
      <ConfirmModal
        show={confirmDelete}
        title={t('moderate.deleteTitle')}
        body={t('moderate.deleteBody', { subject: thread.subject })}
        confirmLabel={t('moderate.delete')}
        onConfirm={() => {
          setConfirmDelete(false);
          void actions.moderate({ deleted: true });
        }}
        onHide={() => setConfirmDelete(false)}
        testId="forum-thread-delete-modal"
      />
    </header>
  );
}
