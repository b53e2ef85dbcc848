import { SMILEY_TAG_PATTERN, type AdminSmiley, type AdminSmileyGroup } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { createSmiley } from './api';

interface SmileyFormProps {
  groups: readonly Pick<AdminSmileyGroup, 'id' | 'name_ru' | 'name_en'>[];
  onAdded: (smiley: AdminSmiley) => void;
}

type Errors = Partial<Record<'tag' | 'group_id' | 'image', string>>;

/** A new smiley: its `-tag-`, its group and its picture (PNG, GIF or WebP). */
export function SmileyForm({ groups, onAdded }: SmileyFormProps) {
  const { t, i18n } = useTranslation('admin-catalog');
  const [tag, setTag] = useState('');
  const [groupId, setGroupId] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const group = groupId || String(groups[0]?.id ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const cleanTag = tag.trim().replace(/^-+|-+$/g, '');
    if (!SMILEY_TAG_PATTERN.test(cleanTag)) found.tag = t('smileys.tagHelp');
    if (!group) found.group_id = t('smileys.groupRequired');
    if (!image) found.image = t('smileys.imageRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    setBusy(true);
    try {
      const smiley = await createSmiley({ tag: cleanTag, group_id: Number(group), image });
      setTag('');
      setImage(null);
      setFileKey((k) => k + 1);
      onAdded(smiley);
    } catch (error) {
      if (error instanceof ApiError && error.isValidation)
        setErrors({
          tag: error.errors.tag?.join(' '),
          group_id: error.errors.group_id?.join(' '),
          image: error.errors.image?.join(' '),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="smiley-form"
      aria-label={t('smileys.add')}
    >
      <Row className="g-2 align-items-start">
        <Col xs={12} md={3}>
          <Form.Group controlId="smiley-tag">
            <Form.Label>{t('smileys.tag')}</Form.Label>
            <Form.Control
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              maxLength={34}
              isInvalid={Boolean(errors.tag)}
              aria-describedby="smiley-tag-help"
              data-testid="smiley-tag"
            />
            <Form.Text id="smiley-tag-help">{t('smileys.tagHelp')}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors.tag}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={3}>
          <Form.Group controlId="smiley-group">
            <Form.Label>{t('smileys.group')}</Form.Label>
            <Form.Select
              value={group}
              onChange={(e) => setGroupId(e.target.value)}
              isInvalid={Boolean(errors.group_id)}
              data-testid="smiley-group"
            >
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {i18n.language === 'ru' ? g.name_ru : g.name_en}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.group_id}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <Form.Group controlId="smiley-image">
            <Form.Label>{t('smileys.image')}</Form.Label>
            <Form.Control
              key={fileKey}
              type="file"
              accept="image/png,image/gif,image/webp"
              onChange={(e) => setImage((e.target as HTMLInputElement).files?.[0] ?? null)}
              isInvalid={Boolean(errors.image)}
              data-testid="smiley-image"
            />
            <Form.Control.Feedback type="invalid">{errors.image}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={2} className="d-grid pt-md-4 mt-md-2">
          <Button type="submit" disabled={busy} data-testid="smiley-add">
            {t('smileys.addButton')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
