import {
  isBanReason,
  banReasonLabel,
  type ModerationLogEntry,
  type PublicUser,
} from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { logQuery } from '../api';
import { useListParams } from '../use-list-params';
import { FilterChip, FilterNick } from './filter-nick';
import { Pager } from './pager';
import { When } from './user-link';

/** The moderation log: every action, who, when, what, why; filtered by actor or target. */
export function LogTab() {
  const { t } = useTranslation('moderation');
  const params = useListParams();
  const filter = {
    page: params.page,
    actorId: params.number('actor_id'),
    targetUserId: params.number('target_user_id'),
  };
  const result = useQuery(logQuery(filter));
  const rows = result.data?.rows ?? [];
  const actorNick = rows[0]?.actor.nick.nick ?? `#${filter.actorId}`;
  const targetNick = rows[0]?.target_user?.nick.nick ?? `#${filter.targetUserId}`;
  return (
    <section data-testid="moderation-log">
      <div className="d-flex flex-wrap gap-2 mb-3">
        {filter.actorId !== undefined && (
          <FilterChip
            label={`${t('log.actor')}: ${actorNick}`}
            onClear={() => params.set({ actor_id: undefined })}
          />
        )}
        {filter.targetUserId !== undefined && (
          <FilterChip
            label={`${t('log.target')}: ${targetNick}`}
            onClear={() => params.set({ target_user_id: undefined })}
          />
        )}
      </div>
      {result.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {result.data && rows.length === 0 && (
        <p className="text-body-secondary" data-testid="log-empty">
          {t('log.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="moderation-table">
          <thead>
            <tr>
              <th>{t('log.when')}</th>
              <th>{t('log.actor')}</th>
              <th>{t('log.action')}</th>
              <th>{t('log.target')}</th>
              <th>{t('log.why')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <LogRow
                key={entry.id}
                entry={entry}
                onActor={(u) => params.set({ actor_id: u.id })}
                onTarget={(u) => params.set({ target_user_id: u.id })}
              />
            ))}
          </tbody>
        </Table>
      )}
      {result.data && (
        <Pager
          page={result.data.page}
          lastPage={result.data.lastPage}
          onPage={(page) => params.set({ page })}
        />
      )}
    </section>
  );
}

interface LogRowProps {
  entry: ModerationLogEntry;
  onActor: (user: PublicUser) => void;
  onTarget: (user: PublicUser) => void;
}

function LogRow({ entry, onActor, onTarget }: LogRowProps) {
  const { t } = useTranslation(['moderation', 'complaints']);
  const locale = useLocale();
  // A sanction's reason is a ban reason; a complaint's, a complaint reason; else as written.
  const reason =
    entry.reason === null
      ? null
      : isBanReason(entry.reason)
        ? banReasonLabel(entry.reason, locale)
        : t(`complaints:reasons.${entry.reason}`, { defaultValue: entry.reason });
  return (
    <tr data-testid={`log-row-${entry.id}`}>
      <td className="small text-nowrap">
        <When iso={entry.created_at} />
      </td>
      <td>
        <FilterNick user={entry.actor} title={t('log.filterActor')} onFilter={onActor} />
      </td>
      <td>
        {t(`actions.${entry.action}`)}
        {entry.subject_type && entry.subject_id !== null && (
          <span className="small text-body-secondary ms-1">
            ({entry.subject_type} #{entry.subject_id})
          </span>
        )}
      </td>
      <td>
        {entry.target_user && (
          <FilterNick user={entry.target_user} title={t('log.filterTarget')} onFilter={onTarget} />
        )}
      </td>
      <td className="small">
        {reason}
        {entry.comment && (
          <span className="complaint-user-text d-block text-body-secondary">{entry.comment}</span>
        )}
      </td>
    </tr>
  );
}
