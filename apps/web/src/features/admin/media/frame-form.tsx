import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { createFrame } from './api';

type Field = 'name_ru' | 'name_en' | 'image';
type Errors = Partial<Record<Field, string>>;

/** A new frame: its names, its picture (PNG, WebP or GIF), premium-only or not. */
export function FrameForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin-media');
  const [names, setNames] = useState({ name_ru: '', name_en: '' });
  const [premium, setPremium] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!names.name_ru.trim()) found.name_ru = t('required');
    if (!names.name_en.trim()) found.name_en = t('required');
    if (!image) found.image = t('frames.imageRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    setBusy(true);
    try {
      await createFrame({
        name_ru: names.name_ru.trim(),
        name_en: names.name_en.trim(),
        premium_only: premium,
        image,
      });
      setNames({ name_ru: '', name_en: '' });
      setPremium(false);
      setImage(null);
      setFileKey((k) => k + 1);
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation)
        setErrors({
          name_ru: error.errors.name_ru?.join(' '),
          name_en: error.errors.name_en?.join(' '),
          image: error.errors.image?.join(' '),
        });
    } finally {
      setBusy(false);
    }
  };

  const nameField = (field: 'name_ru' | 'name_en') => (
    <Form.Group controlId={`frame-${field}`}>
      <Form.Label>{t(`frames.${field}`)}</Form.Label>
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
    <Form onSubmit={(e) => void submit(e)} noValidate data-testid="frame-form">
      <Row className="g-2 align-items-start">
        <Col xs={12} md={3}>
          {nameField('name_ru')}
        </Col>
        <Col xs={12} md={3}>
          {nameField('name_en')}
        </Col>
        <Col xs={12} md={3}>
          <Form.Group controlId="frame-image">
            <Form.Label>{t('frames.image')}</Form.Label>
            <Form.Control
              key={fileKey}
              type="file"
              accept="image/png,image/webp,image/gif"
              onChange={(e) => setImage((e.target as HTMLInputElement).files?.[0] ?? null)}
              isInvalid={Boolean(errors.image)}
              aria-describedby="frame-image-help"
            />
            <Form.Text id="frame-image-help">{t('frames.imageHelp')}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors.image}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={1} className="pt-md-4 mt-md-2">
          <Form.Check
            id="frame-premium"
            type="switch"
            label={t('frames.premiumOnly')}
            checked={premium}
            onChange={(e) => setPremium(e.target.checked)}
          />
        </Col>
        <Col xs={12} md={2} className="d-grid pt-md-4 mt-md-2">
          <Button type="submit" disabled={busy}>
            {t('frames.upload')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
