import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { createFont } from './api';

type Errors = Partial<Record<'font_family' | 'file', string>>;

/** A new nick font: its name, its WOFF2 file, premium-only or not. */
export function FontForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin-catalog');
  const [family, setFamily] = useState('');
  const [premium, setPremium] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!family.trim()) found.font_family = t('fonts.familyRequired');
    if (!file) found.file = t('fonts.fileRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      await createFont({ font_family: family.trim(), premium_only: premium, file });
      setFamily('');
      setPremium(false);
      setFile(null);
      setFileKey((k) => k + 1);
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation)
        setErrors({
          font_family: error.errors.font_family?.join(' '),
          file: error.errors.file?.join(' '),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate data-testid="font-form">
      <Row className="g-2 align-items-start">
        <Col xs={12} md={4}>
          <Form.Group controlId="font-family">
            <Form.Label>{t('fonts.family')}</Form.Label>
            <Form.Control
              value={family}
              maxLength={64}
              onChange={(e) => setFamily(e.target.value)}
              isInvalid={Boolean(errors.font_family)}
            />
            <Form.Control.Feedback type="invalid">{errors.font_family}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <Form.Group controlId="font-file">
            <Form.Label>{t('fonts.file')}</Form.Label>
            <Form.Control
              key={fileKey}
              type="file"
              accept=".woff2,font/woff2"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
              isInvalid={Boolean(errors.file)}
            />
            <Form.Control.Feedback type="invalid">{errors.file}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={2} className="pt-md-4 mt-md-2">
          <Form.Check
            id="font-premium"
            type="switch"
            label={t('fonts.premiumOnly')}
            checked={premium}
            onChange={(e) => setPremium(e.target.checked)}
          />
        </Col>
        <Col xs={12} md={2} className="d-grid pt-md-4 mt-md-2">
          <Button type="submit" disabled={busy}>
            {t('fonts.upload')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
