import { BAN_REASONS, banReasonLabel, type BanReason, type BanWire } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Nav, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useCan } from '../../session/permissions';
import { pushToast } from '../../toasts/store';
import { bansQuery, liftBan, moderationKeys, type BanStatus } from '../api';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { BanRow } from './ban-row';
import { FilterChip } from './filter-nick';
import { LiftDialog } from './lift-dialog';
import { PagedList } from './paged-list';

const STATUSES: readonly BanStatus[] = ['active', 'past', 'all'];
const isReason = (v: string | undefined): v is BanReason =>
  (BAN_REASONS as readonly string[]).includes(v ?? '');

/** The banlist: current and past sanctions, filtered by moderator, reason and user. */
export function BansTab() {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const client = useQueryClient();
  const params = useListParams();
  const mayGag = useCan('user.gag');
  const mayBan = useCan('user.ban');
  const [lifting, setLifting] = useState<BanWire | null>(null);
  const [busy, setBusy] = useState(false);
  const statusParam = params.text('status');
  const status = STATUSES.find((s) => s === statusParam) ?? 'active';
  const reasonParam = params.text('reason');
  const filter = {
    status,
    page: params.page,
    moderatorId: params.number('moderator_id'),
    userId: params.number('user_id'),
    reason: isReason(reasonParam) ? reasonParam : undefined,
  };
  const result = useQuery(bansQuery(filter));
  const rows = result.data?.rows ?? [];
  // The rows of a filtered list all carry the person it is filtered by: their nick names it.
  const moderatorNick = rows[0]?.moderator?.nick.nick ?? `#${filter.moderatorId}`;
  const userNick = rows[0]?.user.nick.nick ?? `#${filter.userId}`;

  const lift = async (ban: BanWire) => {
    setBusy(true);
    try {
      await liftBan(ban.id);
      pushToast({ text: t('bans.liftDone'), variant: 'primary' });
      setLifting(null);
      void client.invalidateQueries({ queryKey: moderationKeys.bans });
    } catch {
      // The client has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="moderation-bans">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Nav variant="pills" as="ul" className="me-2">
          {STATUSES.map((s) => (
            <Nav.Item as="li" key={s}>
              <Nav.Link
                as="button"
                active={s === status}
                onClick={() => params.set({ status: s === 'active' ? undefined : s })}
                data-testid={`bans-status-${s}`}
              >
                {t(`bans.status.${s}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={t('bans.reasonFilter')}
          value={filter.reason ?? ''}
          onChange={(event) => params.set({ reason: event.target.value })}
          data-testid="bans-reason"
        >
          <option value="">{t('bans.anyReason')}</option>
          {BAN_REASONS.map((r) => (
            <option key={r} value={r}>
              {banReasonLabel(r, locale)}
            </option>
          ))}
        </Form.Select>
        {filter.moderatorId !== undefined && (
          <FilterChip
            label={`${t('ban.moderator')}: ${moderatorNick}`}
            onClear={() => params.set({ moderator_id: undefined })}
          />
        )}
        {filter.userId !== undefined && (
          <FilterChip
            label={`${t('ban.user')}: ${userNick}`}
            onClear={() => params.set({ user_id: undefined })}
          />
        )}
      </div>
      <PagedList
        result={result}
        empty={t('bans.empty')}
        emptyTestId="bans-empty"
        onPage={(page) => params.set({ page })}
      >
        <Table responsive hover size="sm" className="moderation-table">
          <thead>
            <tr>
              <th>{t('ban.user')}</th>
              <th>{t('ban.type')}</th>
              <th>{t('ban.reason')}</th>
              <th>{t('ban.period')}</th>
              <th>{t('ban.moderator')}</th>
              <th>{t('ban.given')}</th>
              <th>{t('ban.ends')}</th>
              <th aria-hidden="true" />
              <th aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {rows.map((ban) => (
              <BanRow
                key={ban.id}
                ban={ban}
                canLift={ban.type === 'gag' ? mayGag : mayBan}
                onLift={setLifting}
                onFilterUser={(u) => params.set({ user_id: u.id })}
                onFilterModerator={(u) => params.set({ moderator_id: u.id })}
              />
            ))}
          </tbody>
        </Table>
      </PagedList>
      {lifting && (
        <LiftDialog
          ban={lifting}
          busy={busy}
          onConfirm={() => void lift(lifting)}
          onCancel={() => setLifting(null)}
        />
      )}
    </section>
  );
}
