import type { ContentReview } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../toasts/store';
import { decideReview, moderationKeys, queueQuery } from '../api';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { PagedList } from './paged-list';
import { QueueItem } from './queue-item';

/** Profile texts and photos awaiting moderation (new, or edited after a refusal), oldest first. */
export function QueueTab() {
  const { t } = useTranslation('moderation');
  const client = useQueryClient();
  const params = useListParams();
  const result = useQuery(queueQuery(params.page));
  const [busyId, setBusyId] = useState<number | null>(null);
  const rows = result.data?.rows ?? [];

  const decide = async (review: ContentReview, status: 'accepted' | 'refused', comment: string) => {
    setBusyId(review.id);
    try {
      await decideReview(review.id, status, comment);
      pushToast({
        text: t(status === 'accepted' ? 'queue.accepted' : 'queue.refused'),
        variant: 'primary',
      });
      void client.invalidateQueries({ queryKey: moderationKeys.queue });
    } catch {
      // The client has said why.
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section data-testid="moderation-queue">
      <PagedList
        result={result}
        empty={t('queue.empty')}
        emptyTestId="queue-empty"
        onPage={(page) => params.set({ page })}
      >
        <div className="d-flex flex-column gap-3 mb-3">
          {rows.map((review) => (
            <QueueItem
              key={review.id}
              review={review}
              busy={busyId === review.id}
              onDecide={(r, s, c) => void decide(r, s, c)}
            />
          ))}
        </div>
      </PagedList>
    </section>
  );
}
