import { SOUND_KINDS, type SoundKind } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { createSound } from './api';

type Field = 'name_ru' | 'name_en' | 'file' | 'default_for';
type Errors = Partial<Record<Field, string>>;

/** A new sound: its names, its file (MP3, Ogg or WAV) and the kind it is the default for. */
export function SoundForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin-media');
  const [names, setNames] = useState({ name_ru: '', name_en: '' });
  const [defaultFor, setDefaultFor] = useState<SoundKind | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!names.name_ru.trim()) found.name_ru = t('required');
    if (!names.name_en.trim()) found.name_en = t('required');
    if (!file) found.file = t('sounds.fileRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      await createSound({
        name_ru: names.name_ru.trim(),
        name_en: names.name_en.trim(),
        default_for: defaultFor === '' ? null : defaultFor,
        file,
      });
      setNames({ name_ru: '', name_en: '' });
      setDefaultFor('');
      setFile(null);
      setFileKey((k) => k + 1);
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation)
        setErrors({
          name_ru: error.errors.name_ru?.join(' '),
          name_en: error.errors.name_en?.join(' '),
          file: error.errors.file?.join(' '),
          default_for: error.errors.default_for?.join(' '),
        });
    } finally {
      setBusy(false);
    }
  };

  const nameField = (field: 'name_ru' | 'name_en') => (
    <Form.Group controlId={`sound-${field}`}>
      <Form.Label>{t(`sounds.${field}`)}</Form.Label>
      <Form.Control
        value={names[field]}
        maxLength={64}
        onChange={(e) => setNames((n) => ({ ...n, [field]: e.target.value }))}
        isInvalid={Boolean(errors[field])}
      />
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate data-testid="sound-form">
      <Row className="g-2 align-items-start">
        <Col xs={12} md={3}>
          {nameField('name_ru')}
        </Col>
        <Col xs={12} md={3}>
          {nameField('name_en')}
        </Col>
        <Col xs={12} md={2}>
          <Form.Group controlId="sound-file">
            <Form.Label>{t('sounds.file')}</Form.Label>
            <Form.Control
              key={fileKey}
              type="file"
              accept="audio/mpeg,audio/ogg,audio/wav,.mp3,.ogg,.wav"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
              isInvalid={Boolean(errors.file)}
            />
            <Form.Control.Feedback type="invalid">{errors.file}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={2}>
          <Form.Group controlId="sound-default-for">
            <Form.Label>{t('sounds.defaultFor')}</Form.Label>
            <Form.Select
              value={defaultFor}
              onChange={(e) => setDefaultFor(e.target.value as SoundKind | '')}
              isInvalid={Boolean(errors.default_for)}
            >
              <option value="">{t('sounds.noDefault')}</option>
              {SOUND_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`sounds.kinds.${kind}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.default_for}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={2} className="d-grid pt-md-4 mt-md-2">
          <Button type="submit" disabled={busy}>
            {t('sounds.upload')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
