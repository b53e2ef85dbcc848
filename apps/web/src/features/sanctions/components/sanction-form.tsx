import {
  BAN_PERIODS,
  BAN_REASONS,
  banPeriodLabel,
  banReasonLabel,
  TABOO_TOPICS,
  tabooTopicLabel,
  VIOLATION_MEMORY_DAYS,
  type BanPeriodKey,
  type BanReason,
  type Permission,
  type SanctionSummary,
} from '@chat/shared';
import { useState } from 'react';
import { Button, Form, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useSessionStore } from '../../session/store';
import { can } from '../../session/permissions';
import type { SanctionChoice, SanctionKind } from '../use-sanction';
import { NoteField } from '../../../shared/ui/note-field';

const KIND_PERMISSION: Record<SanctionKind, Permission> = {
  gag: 'user.gag',
  ban: 'user.ban',
  full_ban: 'user.ban',
  warning: 'user.warn',
};
const KINDS = Object.keys(KIND_PERMISSION) as SanctionKind[];

interface SanctionFormProps {
  summary: SanctionSummary;
  /** Whom it is about, named again in the confirmation. */
  nick: string;
  busy: boolean;
  onSubmit: (choice: SanctionChoice) => void;
}

/**
 * The type (a gag preselected), the period the violations so far suggest (preselected,
 * overridable), an optional comment, and the reasons as buttons (taboo asks its topic first).
 * A reason does not apply the sanction by itself: what would be given is said once more, with
 * "Apply" and "Back", so that a slip of the finger punishes no one.
 */
export function SanctionForm({ summary, nick, busy, onSubmit }: SanctionFormProps) {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const userData = useSessionStore((s) => s.userData);
  const kinds = KINDS.filter((k) => can(userData, KIND_PERMISSION[k]));
  const [kind, setKind] = useState<SanctionKind>(kinds[0] ?? 'gag');
  const [period, setPeriod] = useState<BanPeriodKey>(summary.suggested_period);
  const [comment, setComment] = useState('');
  const [askTaboo, setAskTaboo] = useState(false);
  const [chosen, setChosen] = useState<Pick<SanctionChoice, 'reason' | 'taboo'> | null>(null);
  const submit = (reason: BanReason, taboo?: SanctionChoice['taboo']) =>
    setChosen({ reason, ...(taboo ? { taboo } : {}) });
  if (chosen !== null) {
    const reason =
      chosen.taboo === undefined
        ? banReasonLabel(chosen.reason, locale)
        : `${banReasonLabel(chosen.reason, locale)} (${tabooTopicLabel(chosen.taboo, locale)})`;
    return (
      <div className="sanction-form" data-testid="sanction-confirm-step">
        <p className="fw-semibold mb-1">
          <Trans
            t={t}
            i18nKey="dialog.confirm.summary"
            values={{ kind: t(`type.${kind}`), nick }}
            components={{ nick: <bdi /> }}
          />
        </p>
        <p className="small mb-3" data-testid="sanction-confirm-details">
          {kind === 'warning'
            ? t('dialog.confirm.detailsNoPeriod', { reason })
            : t('dialog.confirm.details', { period: banPeriodLabel(period, locale), reason })}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => onSubmit({ kind, period, comment, ...chosen })}
            data-testid="sanction-confirm"
          >
            {t('dialog.confirm.apply')}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={busy}
            onClick={() => setChosen(null)}
            data-testid="sanction-back"
          >
            {t('dialog.confirm.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="sanction-form">
      <Form.Group className="mb-3">
        <Form.Label className="small fw-semibold d-block">{t('dialog.kind')}</Form.Label>
        <ToggleButtonGroup
          type="radio"
          name="sanction-kind"
          value={kind}
          onChange={(value: SanctionKind) => setKind(value)}
          className="flex-wrap"
        >
          {kinds.map((k) => (
            <ToggleButton
              key={k}
              id={`sanction-kind-${k}`}
              value={k}
              size="sm"
              variant="outline-primary"
              title={t(`typeHint.${k}`)}
              data-testid={`sanction-kind-${k}`}
            >
              {t(`type.${k}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Form.Group>
      {kind !== 'warning' && (
        <Form.Group className="mb-3" controlId="sanction-period">
          <Form.Label className="small fw-semibold">{t('dialog.period')}</Form.Label>
          <Form.Select
            size="sm"
            value={period}
            onChange={(event) => setPeriod(event.target.value as BanPeriodKey)}
            data-testid="sanction-period"
          >
            {BAN_PERIODS.map(({ key }) => (
              <option key={key} value={key}>
                {banPeriodLabel(key, locale)}
                {key === summary.suggested_period ? ` (${t('dialog.suggested')})` : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Text data-testid="sanction-violations">
            {t('dialog.violations', {
              count: summary.recent_violations,
              days: VIOLATION_MEMORY_DAYS,
            })}
          </Form.Text>
        </Form.Group>
      )}
      <NoteField
        className="mb-3"
        controlId="sanction-comment"
        label={t('dialog.comment')}
        labelClassName="small fw-semibold"
        rows={2}
        value={comment}
        onChange={setComment}
        testId="sanction-comment"
      />
      <p className="small fw-semibold mb-2">{askTaboo ? t('dialog.taboo') : t('dialog.reasons')}</p>
      <div className="d-flex flex-wrap gap-2">
        {askTaboo
          ? TABOO_TOPICS.map((topic) => (
              <Button
                key={topic}
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => submit('taboo', topic)}
                data-testid={`sanction-taboo-${topic}`}
              >
                {tabooTopicLabel(topic, locale)}
              </Button>
            ))
          : BAN_REASONS.map((reason) => (
              <Button
                key={reason}
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => (reason === 'taboo' ? setAskTaboo(true) : submit(reason))}
                data-testid={`sanction-reason-${reason}`}
              >
                {banReasonLabel(reason, locale)}
              </Button>
            ))}
      </div>
    </div>
  );
}
