import { ART_TEXT_MAX, ART_TITLE_MAX, type ArtPicture, type ArtPost } from '@chat/shared';
import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useSendOnce } from '../../forum/use-send-once';
import type { ArtPostChange } from '../api';
import { fieldErrors } from './art-editor';
import { PictureOrder } from './picture-order';

interface ArtPostEditProps {
  post: ArtPost;
  onSave: (change: ArtPostChange) => Promise<void>;
  onCancel: () => void;
}

/** The author's (or a moderator's) edit: title, text, the 18+ mark and the pictures' order. */
export function ArtPostEdit({ post, onSave, onCancel }: ArtPostEditProps) {
  const { t } = useTranslation('art');
  const id = useId();
  const [title, setTitle] = useState(post.title);
  const [text, setText] = useState(post.text);
  const [adult, setAdult] = useState(post.adult);
  const [pictures, setPictures] = useState<ArtPicture[]>([...post.pictures]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const valid =
    title.trim() !== '' &&
    title.length <= ART_TITLE_MAX &&
    text.length <= ART_TEXT_MAX &&
    pictures.length >= 1;
  const { run, sending } = useSendOnce(async () => {
    setErrors({});
    try {
      await onSave({ title, text, adult, attachments: pictures.map((p) => p.id) });
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation) setErrors(fieldErrors(cause.errors));
      throw cause;
    }
  });
  return (
    <Form
      noValidate
      className="art-post-edit mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run();
      }}
      data-testid="art-post-edit"
    >
      <Form.Group className="mb-3" controlId={`${id}-title`}>
        <Form.Label>{t('editor.title')}</Form.Label>
        <Form.Control
          value={title}
          maxLength={ART_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          isInvalid={errors.title !== undefined}
          data-testid="art-edit-title"
        />
        <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('editor.order')}</legend>
        <PictureOrder
          pictures={pictures}
          onChange={setPictures}
          onRemove={(picture) => {
            if (pictures.length > 1) setPictures(pictures.filter((p) => p.id !== picture.id));
          }}
        />
        {errors.attachments && (
          <p className="text-danger small mb-0" role="alert">
            {errors.attachments}
          </p>
        )}
      </fieldset>
      <Form.Group className="mb-2" controlId={`${id}-text`}>
        <Form.Label>{t('editor.text')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={5}
          value={text}
          onChange={(e) => setText(e.target.value)}
          isInvalid={text.length > ART_TEXT_MAX || errors.text !== undefined}
          data-testid="art-edit-text"
        />
        <Form.Control.Feedback type="invalid">{errors.text}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        id={`${id}-adult`}
        className="mb-3"
        label={t('editor.adult')}
        checked={adult}
        onChange={(e) => setAdult(e.target.checked)}
        data-testid="art-edit-adult"
      />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={!valid || sending} data-testid="art-edit-save">
          {sending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
          {t('edit.save')}
        </Button>
        <Button variant="outline-primary" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
      </div>
    </Form>
  );
}
