import {
  isBanReason,
  isTabooTopic,
  type Locale,
  type ModerationLogEntry,
  type PublicUser,
} from '@chat/shared';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { agreeWith } from '../../../i18n/gender';
import { useLocale } from '../../../lib/use-locale';
import { logQuery } from '../api';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { sanctionReason } from '../labels';
import { FilterChip, FilterNick } from './filter-nick';
import { PagedList } from './paged-list';
import { When } from '../../../shared/ui/when';

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
      <PagedList
        result={result}
        empty={t('log.empty')}
        emptyTestId="log-empty"
        onPage={(page) => params.set({ page })}
      >
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
      </PagedList>
    </section>
  );
}

interface LogRowProps {
  entry: ModerationLogEntry;
  onActor: (user: PublicUser) => void;
  onTarget: (user: PublicUser) => void;
}

const LIFT_REASONS = new Set(['early', 'appeal', 'role']);

/**
 * Why, in words: a sanction's reason (with its taboo topic), a lift's reason, a complaint's
 * reason; anything else as written.
 */
function reasonOf(entry: ModerationLogEntry, locale: Locale, t: TFunction): string | null {
  const { reason } = entry;
  if (reason === null) return null;
  if (isBanReason(reason)) {
    const taboo = entry.data.taboo;
    return sanctionReason({ reason, taboo: isTabooTopic(taboo) ? taboo : null }, locale);
  }
  if (entry.action === 'lift' && LIFT_REASONS.has(reason)) return t(`ban.liftReasons.${reason}`);
  return t(`complaints:reasons.${reason}`, { defaultValue: reason });
}

/** What the entry was about: "ban #2", a role change's "user → moderator". */
function detailOf(entry: ModerationLogEntry, t: TFunction): string | null {
  const { from, to } = entry.data;
  if (entry.action === 'role.change' && typeof to === 'string') {
    const role = (r: unknown) => t(`common:roles.${String(r)}`, { defaultValue: String(r) });
    return typeof from === 'string' ? `${role(from)} → ${role(to)}` : role(to);
  }
  if (entry.subject_type === null || entry.subject_id === null) return null;
  return t('log.subject', {
    subject: t(`log.subjects.${entry.subject_type}`, { defaultValue: entry.subject_type }),
    id: entry.subject_id,
  });
}

function LogRow({ entry, onActor, onTarget }: LogRowProps) {
  const { t } = useTranslation(['moderation', 'complaints', 'common']);
  const locale = useLocale();
  const reason = reasonOf(entry, locale, t);
  const detail = detailOf(entry, t);
  return (
    <tr data-testid={`log-row-${entry.id}`}>
      <td className="small text-nowrap">
        <When iso={entry.created_at} />
      </td>
      <td>
        <FilterNick user={entry.actor} title={t('log.filterActor')} onFilter={onActor} />
      </td>
      <td>
        {t(`actions.${entry.action}`, agreeWith(entry.actor))}
        {detail && <span className="small text-body-secondary ms-1">({detail})</span>}
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
