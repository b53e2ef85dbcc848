import type { ForumPost } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useFadingRequest } from '../../../shared/hooks/use-fading-request';
import { formatWhen } from '../../../shared/ui/when';
import { forumApi, forumKeys } from '../api';

export interface HistoryRequest {
  post: ForumPost;
  from: HTMLElement | null;
}

/**
 * A post's earlier texts for moderators (GET /api/forum/posts/{id}/edits), then its text now,
 * like the chat's "Edit history". Texts are shown as written (Markdown as text), never as HTML.
 */
export function EditHistoryModal({
  request,
  onHide,
}: {
  request: HistoryRequest | null;
  onHide: () => void;
}) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const { shown, onExited } = useFadingRequest(request);
  const post = shown?.post ?? null;
  const edits = useQuery({
    queryKey: forumKeys.edits(post?.id ?? 0),
    queryFn: ({ signal }) => forumApi.edits(post?.id ?? 0, signal),
    enabled: post !== null && request !== null,
    staleTime: 0,
  });
  return (
    <Modal
      show={request !== null}
      onHide={onHide}
      onExited={onExited}
      restoreFocus={false}
      centered
      scrollable
      aria-labelledby="forum-history-title"
      data-testid="forum-history-modal"
    >
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5" id="forum-history-title">
          {t('history.title', { number: post?.number ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {edits.isLoading && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner size="sm" animation="border" aria-hidden="true" />
            {t('loading')}
          </div>
        )}
        {edits.isError && (
          <Alert variant="danger" className="mb-0">
            {t('history.failed')}
          </Alert>
        )}
        {edits.data && post && (
          <ol className="list-unstyled mb-0" data-testid="forum-history-list">
            {edits.data.map((edit, index) => {
              const at = edit.replaced_at ?? edit.edited_at ?? edit.created_at ?? null;
              return (
                <li
                  key={index}
                  className="border-bottom pb-2 mb-2"
                  data-testid="forum-history-earlier"
                >
                  <div className="small text-body-secondary mb-1">
                    {at
                      ? t('history.replaced', { when: formatWhen(at, locale) })
                      : t('history.earlier')}
                  </div>
                  <div className="forum-plain-text">{edit.text}</div>
                </li>
              );
            })}
            <li data-testid="forum-history-current">
              <div className="small text-body-secondary mb-1">{t('history.current')}</div>
              <div className="forum-plain-text">{post.text}</div>
            </li>
          </ol>
        )}
      </Modal.Body>
    </Modal>
  );
}
