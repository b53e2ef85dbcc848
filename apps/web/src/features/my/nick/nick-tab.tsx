import {
  NICK_PALETTE,
  NICK_WEIGHTS,
  isBasicNickColor,
  isNickColorAllowed,
  nickStyleProblems,
  nickStylePerks,
  paletteColorPlace,
} from '@chat/shared';
import { useState } from 'react';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { onGridKeyDown } from '../../../shared/hooks/grid-keys';
import { apiFieldErrors, type FieldErrors } from '../../auth/field-errors';
import { FormAlert } from '../../auth/form-alert';
import { Nick } from '../../../shared/ui/nick';
import { useFontsStore } from '../../../shared/hooks/use-fonts';
import { PremiumLock } from '../../premium/components/premium-lock';
import { CrownIcon } from '../../../shared/ui/premium-mark';
import { useCan } from '../../session/permissions';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { myApi } from '../api';
import { applyMyNick } from '../apply-my-user';
import {
  GRADIENT_COUNTS,
  draftFromNick,
  draftToBody,
  draftToNick,
  withColor,
  withCount,
  type NickDraft,
} from './nick-draft';

const FIELDS = ['color', 'gradient', 'font_id', 'weight', 'italic'];

/** The nick style editor: palette colour or gradient, font, weight, italic, live preview. */
export function NickTab() {
  const { t, i18n } = useTranslation(['my', 'validation', 'premium']);
  const nick = useSessionStore((s) => s.userData?.user.nick ?? null);
  const fonts = useFontsStore((s) => s.families);
  // Premium perks (the server refuses them too): gradients, and the rows beyond the basic ones.
  const canGradient = useCan('nick.gradient');
  const canExtended = useCan('nick.palette_extended');
  const [draft, setDraft] = useState<NickDraft | null>(nick ? draftFromNick(nick) : null);
  const [slot, setSlot] = useState<'color' | number>('color');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  if (!nick || !draft) return null;

  const update = (next: NickDraft) => {
    setDraft(next);
    setErrors({});
  };
  const localProblems = (): FieldErrors => {
    const out: FieldErrors = {};
    for (const [field, keys] of Object.entries(nickStyleProblems(draftToBody(draft)))) {
      out[field] = keys.map((key) =>
        i18n.exists(`validation:${key}`) ? t(`validation:${key}`) : t('my:nick.invalid'),
      );
    }
    return out;
  };
  const save = async () => {
    const problems = localProblems();
    if (Object.keys(problems).length > 0) return setErrors(problems);
    const granted = { 'nick.gradient': canGradient, 'nick.palette_extended': canExtended };
    if (nickStylePerks(draftToBody(draft)).some((perk) => !granted[perk])) {
      return setErrors({ color: [t('premium:lock.needed')] });
    }
    setBusy(true);
    try {
      applyMyNick(await myApi.saveNick(draftToBody(draft)));
      pushToast({ text: t('my:saved'), variant: 'primary' });
    } catch (error) {
      setErrors(apiFieldErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  // A swatch is called by its hue and shade in the interface's language, not by its hex code.
  const colorName = (value: string | null) => {
    const place = value === null ? null : paletteColorPlace(value);
    return place === null
      ? (value ?? t('my:nick.noColor'))
      : t('my:nick.swatch', { hue: t(`my:nick.hues.${place.hue}`), shade: place.shade });
  };
  const preview = draftToNick(draft, nick.nick);
  const fontFamily = draft.font_id === null ? null : (fonts.get(draft.font_id) ?? null);
  const activeSlot = typeof slot === 'number' && slot >= draft.count ? 'color' : slot;
  const activeValue = activeSlot === 'color' ? draft.color : draft.gradient[activeSlot];

  return (
    <div data-testid="nick-tab">
      <FormAlert errors={errors} />
      <div className="my-nick-previews mb-3" aria-label={t('my:nick.preview')}>
        <div className="my-nick-preview is-light" data-testid="nick-preview-light">
          <Nick nick={preview} showGradients fontFamily={fontFamily} />
        </div>
        <div className="my-nick-preview is-dark" data-testid="nick-preview-dark">
          <Nick nick={preview} showGradients fontFamily={fontFamily} />
        </div>
      </div>

      <Row className="g-3 mb-2">
        <Col sm={6}>
          <Form.Group controlId="nick-count">
            <Form.Label className="fw-medium">{t('my:nick.count')}</Form.Label>
            <Form.Select
              value={draft.count}
              onChange={(e) => {
                update(withCount(draft, Number(e.target.value)));
                setSlot(Number(e.target.value) > 0 ? 0 : 'color');
              }}
              data-testid="nick-count"
            >
              {GRADIENT_COUNTS.map((n) => (
                <option key={n} value={n} disabled={n > 0 && !canGradient}>
                  {n === 0 ? t('my:nick.countOff') : n}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{t('my:nick.countHint')}</Form.Text>
            {!canGradient && (
              <PremiumLock reason={t('premium:lock.gradient')} testId="nick-gradient-lock" />
            )}
          </Form.Group>
        </Col>
      </Row>

      <div className="d-flex flex-wrap gap-2 align-items-center mb-2" role="group">
        <span className="fw-medium me-1">{t('my:nick.editing')}</span>
        <SlotButton
          label={t('my:nick.color')}
          value={draft.color}
          valueName={colorName(draft.color)}
          active={activeSlot === 'color'}
          onClick={() => setSlot('color')}
          testId="slot-color"
        />
        {draft.gradient.slice(0, draft.count).map((value, index) => (
          <SlotButton
            key={index}
            label={t('my:nick.stop', { n: index + 1 })}
            value={value}
            valueName={colorName(value ?? null)}
            active={activeSlot === index}
            onClick={() => setSlot(index)}
            testId={`slot-${index}`}
          />
        ))}
      </div>
      <div
        className="my-palette mb-1"
        role="grid"
        aria-label={t('my:nick.palette')}
        onKeyDown={(event) => onGridKeyDown(event, '.my-swatch', NICK_PALETTE[0]?.length)}
      >
        {NICK_PALETTE.map((row, r) => (
          <div className="my-palette-row" role="row" key={r}>
            {row.map((value) => {
              const allowed = isNickColorAllowed(value);
              const locked = allowed && !canExtended && !isBasicNickColor(value);
              const name = colorName(value);
              const label = !allowed
                ? t('my:nick.tooLight', { color: name })
                : locked
                  ? t('premium:lock.color', { color: name })
                  : name;
              return (
                <button
                  key={value}
                  type="button"
                  role="gridcell"
                  className={`my-swatch${value === activeValue ? ' is-active' : ''}${locked ? ' is-locked' : ''}`}
                  style={{ background: value }}
                  disabled={!allowed || locked}
                  title={label}
                  aria-label={label}
                  onClick={() => update(withColor(draft, activeSlot, value))}
                  data-testid={`swatch-${value.slice(1)}`}
                >
                  {locked && <CrownIcon size={10} className="my-swatch-lock" />}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <p className="small text-body-secondary">{t('my:nick.lightRule')}</p>
      {!canExtended && (
        <PremiumLock reason={t('premium:lock.palette')} testId="nick-palette-lock" />
      )}
      {(errors.color ?? errors.gradient) && (
        <p className="text-danger small" data-testid="error-color">
          {[...(errors.color ?? []), ...(errors.gradient ?? [])].join(' ')}
        </p>
      )}

      <Row className="g-3 mb-3">
        <Col sm={6}>
          <Form.Group controlId="nick-font">
            <Form.Label className="fw-medium">{t('my:nick.font')}</Form.Label>
            <Form.Select
              value={draft.font_id ?? ''}
              onChange={(e) =>
                update({ ...draft, font_id: e.target.value === '' ? null : Number(e.target.value) })
              }
              isInvalid={Boolean(errors.font_id?.length)}
              data-testid="nick-font"
            >
              <option value="">{t('my:nick.fontDefault')}</option>
              {[...fonts].map(([id, family]) => (
                <option key={id} value={id} style={{ fontFamily: family }}>
                  {family.split(',')[0]?.replace(/["']/g, '')}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errors.font_id?.join(' ')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={6}>
          <Form.Group controlId="nick-weight">
            <Form.Label className="fw-medium">{t('my:nick.weight')}</Form.Label>
            <Form.Select
              value={draft.weight ?? ''}
              onChange={(e) =>
                update({ ...draft, weight: e.target.value === '' ? null : Number(e.target.value) })
              }
              data-testid="nick-weight"
            >
              <option value="">{t('my:nick.weightDefault')}</option>
              {NICK_WEIGHTS.map((w) => (
                <option key={w} value={w} style={{ fontWeight: w }}>
                  {w}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Form.Check
        id="nick-italic"
        className="mb-3"
        label={t('my:nick.italic')}
        checked={draft.italic}
        onChange={(e) => update({ ...draft, italic: e.target.checked })}
        data-testid="nick-italic"
      />
      <div className="d-flex gap-2">
        <Button onClick={() => void save()} disabled={busy} data-testid="nick-save">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('my:save')}
        </Button>
        <Button variant="outline-secondary" onClick={() => update(draftFromNick(nick))}>
          {t('my:reset')}
        </Button>
      </div>
    </div>
  );
}

interface SlotButtonProps {
  label: string;
  value: string | null | undefined;
  /** The colour in words, for those who do not see the dot. */
  valueName: string;
  active: boolean;
  onClick: () => void;
  testId: string;
}

function SlotButton({ label, value, valueName, active, onClick, testId }: SlotButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-primary' : 'btn-outline-secondary'} d-inline-flex align-items-center gap-1`}
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
    >
      <span className="my-slot-dot" style={{ background: value ?? 'transparent' }} />
      {label}
      <span className="visually-hidden">: {valueName}</span>
    </button>
  );
}
