import { GIFT_POSITION_MAX, GIFT_PRICE_MAX, type AdminGift } from '@chat/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Image, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useUploadsStore } from '../../uploads';
import { createGift, updateGift, type GiftInput } from './api';

type Errors = Partial<
  Record<'name_ru' | 'name_en' | 'price' | 'position' | 'image_id' | 'form', string>
>;

const EMPTY: readonly never[] = [];

/** A whole number of coins within the catalogue's range, else null. */
export function parsePrice(text: string): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const price = Number(text.trim());
  return price >= 1 && price <= GIFT_PRICE_MAX ? price : null;
}

/**
 * Adding or changing a gift: both names, a picture (uploaded through the upload pipeline, which
 * checks it by content), a price, premium-only, on sale, position. A field the server refuses
 * shows its reason under it; an edit made meanwhile by another admin is the 409 toast.
 */
export function GiftForm({
  gift,
  onSaved,
  onCancel,
}: {
  gift?: AdminGift;
  onSaved: (gift: AdminGift) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-gifts');
  const id = useId();
  const owner = `admin-gift:${gift?.id ?? 'new'}`;
  const [nameRu, setNameRu] = useState(gift?.name_ru ?? '');
  const [nameEn, setNameEn] = useState(gift?.name_en ?? '');
  const [price, setPrice] = useState(gift ? String(gift.price) : '');
  const [position, setPosition] = useState(gift ? String(gift.position) : '');
  const [premium, setPremium] = useState(gift?.premium_only ?? false);
  const [active, setActive] = useState(gift?.active ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const uploads = useUploadsStore((s) => s.items[owner] ?? EMPTY);
  const picture = uploads.at(-1);
  useEffect(() => () => useUploadsStore.getState().clear(owner), [owner]);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    useUploadsStore.getState().clear(owner);
    useUploadsStore.getState().add(owner, [file]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!nameRu.trim()) found.name_ru = t('form.required');
    if (!nameEn.trim()) found.name_en = t('form.required');
    const parsed = parsePrice(price);
    if (parsed === null) found.price = t('form.price_range', { max: GIFT_PRICE_MAX });
    const pos = position.trim() === '' ? undefined : Number(position);
    if (pos !== undefined && !(Number.isInteger(pos) && pos >= 0 && pos <= GIFT_POSITION_MAX))
      found.position = t('form.position_range');
    const imageId = picture?.state === 'ready' ? picture.attachment?.id : undefined;
    if (!gift && imageId === undefined) found.image_id = t('form.image_required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: GiftInput = {
      name_ru: nameRu.trim(),
      name_en: nameEn.trim(),
      price: parsed!,
      premium_only: premium,
      active,
      ...(pos !== undefined ? { position: pos } : {}),
      ...(imageId !== undefined ? { image_id: imageId } : {}),
    };
    setSaving(true);
    try {
      onSaved(
        gift
          ? await updateGift(gift.id, { ...input, updated_at: gift.updated_at })
          : await createGift(input),
      );
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        const first = (field: string) => error.errors[field]?.[0];
        setErrors({
          ...(first('name_ru') ? { name_ru: first('name_ru') } : {}),
          ...(first('name_en') ? { name_en: first('name_en') } : {}),
          ...(first('price') ? { price: first('price') } : {}),
          ...(first('position') ? { position: first('position') } : {}),
          ...(first('image_id') ? { image_id: first('image_id') } : {}),
          form: error.message,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const uploading =
    picture !== undefined && (picture.state === 'uploading' || picture.state === 'processing');
  const shown = picture?.attachment?.url ?? picture?.previewUrl ?? gift?.image;
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="gift-form">
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Form.Group className="mb-3" controlId={`${id}-name-ru`}>
        <Form.Label>{t('form.name_ru')}</Form.Label>
        <Form.Control
          value={nameRu}
          onChange={(e) => setNameRu(e.target.value)}
          maxLength={64}
          lang="ru"
          isInvalid={!!errors.name_ru}
        />
        <Form.Control.Feedback type="invalid">{errors.name_ru}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-name-en`}>
        <Form.Label>{t('form.name_en')}</Form.Label>
        <Form.Control
          value={nameEn}
          onChange={(e) => setNameEn(e.target.value)}
          maxLength={64}
          lang="en"
          isInvalid={!!errors.name_en}
        />
        <Form.Control.Feedback type="invalid">{errors.name_en}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-image`}>
        <Form.Label>{t('form.image')}</Form.Label>
        <div className="d-flex align-items-center gap-3">
          {shown && <Image src={shown} alt="" width={48} height={48} className="flex-shrink-0" />}
          <Form.Control
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => choose((e.target as HTMLInputElement).files)}
            isInvalid={!!errors.image_id || picture?.state === 'failed'}
          />
        </div>
        {uploading && (
          <Form.Text role="status">
            <Spinner animation="border" size="sm" className="me-1" />
            {t('form.uploading')}
          </Form.Text>
        )}
        <Form.Control.Feedback
          type="invalid"
          className={errors.image_id || picture?.error ? 'd-block' : ''}
        >
          {errors.image_id ?? picture?.error}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="row g-3 mb-3">
        <Form.Group className="col-12 col-sm-6" controlId={`${id}-price`}>
          <Form.Label>{t('form.price')}</Form.Label>
          <Form.Control
            inputMode="numeric"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            isInvalid={!!errors.price}
          />
          <Form.Control.Feedback type="invalid">{errors.price}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-12 col-sm-6" controlId={`${id}-position`}>
          <Form.Label>{t('form.position')}</Form.Label>
          <Form.Control
            inputMode="numeric"
            value={position}
            placeholder={t('form.position_last')}
            onChange={(e) => setPosition(e.target.value)}
            isInvalid={!!errors.position}
          />
          <Form.Control.Feedback type="invalid">{errors.position}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <Form.Check
        id={`${id}-premium`}
        className="mb-2"
        label={t('form.premium_only')}
        checked={premium}
        onChange={(e) => setPremium(e.target.checked)}
      />
      <Form.Check
        id={`${id}-active`}
        className="mb-3"
        label={t('form.active')}
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={saving || uploading} data-testid="gift-form-save">
          {saving && <Spinner animation="border" size="sm" className="me-1" />}
          {t('form.save')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
