import {
  SETTING_GROUPS,
  SETTING_KEYS,
  settingSpec,
  type AdminSettings,
  type Locale,
  type SettingKey,
  type SettingValue,
} from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** What the form holds: numbers as typed (checked on save), flags, the room's id or ''. */
type Draft = Record<SettingKey, string | boolean>;

function draftOf(settings: AdminSettings['settings']): Draft {
  const draft = {} as Draft;
  for (const key of SETTING_KEYS) {
    const value = settings[key];
    draft[key] =
      typeof value === 'boolean'
        ? value
        : value === null || value === undefined
          ? ''
          : String(value);
  }
  return draft;
}

/** The typed value of a field, or the key of why it is refused (checked again by the server). */
function valueOf(key: SettingKey, raw: string | boolean): SettingValue | { problem: string } {
  const spec = settingSpec(key);
  if (spec.type === 'boolean') return raw === true;
  const text = String(raw).trim();
  if (spec.type === 'room' && text === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { problem: 'whole_number' };
  const value = Number(text);
  if (!Number.isInteger(value)) return { problem: 'whole_number' };
  if (spec.type === 'integer' && (value < spec.min || value > spec.max))
    return { problem: 'range' };
  return value;
}

interface SettingsFormProps {
  data: AdminSettings;
  locale: Locale;
  saving: boolean;
  /** Errors per field from the server (already in the page's language). */
  serverErrors: Record<string, string[]>;
  onSave: (changes: Record<string, SettingValue>) => void;
}

/** Every site setting, grouped, each with its explanation; one Save for the changed ones. */
export function SettingsForm({ data, locale, saving, serverErrors, onSave }: SettingsFormProps) {
  const { t } = useTranslation('admin-settings');
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.settings));
  const [problems, setProblems] = useState<Partial<Record<SettingKey, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Record<string, SettingValue> = {};
    const found: Partial<Record<SettingKey, string>> = {};
    for (const key of SETTING_KEYS) {
      const value = valueOf(key, draft[key]);
      if (value !== null && typeof value === 'object') {
        const spec = settingSpec(key);
        found[key] =
          value.problem === 'range' && spec.type === 'integer'
            ? t('errors.range', { min: spec.min, max: spec.max })
            : t('errors.whole_number');
      } else if (value !== data.settings[key]) changes[key] = value;
    }
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(changes);
  };

  const errorOf = (key: SettingKey) => problems[key] ?? serverErrors[key]?.join(' ');

  return (
    <Form noValidate onSubmit={submit} data-testid="settings-form">
      {SETTING_GROUPS.map((group) => (
        <Card key={group} className="mb-3">
          <Card.Header as="h2" className="h6 mb-0">
            {t(`groups.${group}`)}
          </Card.Header>
          <Card.Body>
            {SETTING_KEYS.filter((key) => settingSpec(key).group === group).map((key) => {
              const spec = settingSpec(key);
              const id = `setting-${key}`;
              const error = errorOf(key);
              const help = <Form.Text id={`${id}-help`}>{spec.help[locale]}</Form.Text>;
              if (spec.type === 'boolean')
                return (
                  <Form.Group key={key} className="mb-3" controlId={id}>
                    <Form.Check
                      type="switch"
                      label={spec.label[locale]}
                      checked={draft[key] === true}
                      isInvalid={error !== undefined}
                      aria-describedby={`${id}-help`}
                      onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
                      data-testid={id}
                    />
                    {help}
                    {error && <div className="invalid-feedback d-block">{error}</div>}
                  </Form.Group>
                );
              return (
                <Form.Group key={key} className="mb-3" controlId={id}>
                  <Form.Label>{spec.label[locale]}</Form.Label>
                  {spec.type === 'room' ? (
                    <Form.Select
                      value={String(draft[key])}
                      isInvalid={error !== undefined}
                      aria-describedby={`${id}-help`}
                      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                      data-testid={id}
                    >
                      <option value="">{t('first_public_room')}</option>
                      {data.rooms.map((room) => (
                        <option key={room.id} value={room.id}>
                          {room.name}
                        </option>
                      ))}
                    </Form.Select>
                  ) : (
                    <Form.Control
                      type="number"
                      inputMode="numeric"
                      min={spec.min}
                      max={spec.max}
                      step={1}
                      value={String(draft[key])}
                      isInvalid={error !== undefined}
                      aria-describedby={`${id}-help`}
                      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                      data-testid={id}
                    />
                  )}
                  {help}
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              );
            })}
          </Card.Body>
        </Card>
      ))}
      <Button type="submit" disabled={saving} data-testid="settings-save">
        {saving ? t('saving') : t('save')}
      </Button>
    </Form>
  );
}
