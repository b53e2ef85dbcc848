import {
  ART_PICTURES_MAX,
  ART_TEXT_MAX,
  ART_TITLE_MAX,
  type ArtGroup,
  type ArtPicture,
} from '@chat/shared';
import { useEffect, useId, useRef, useState, type ClipboardEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { MarkdownPreview } from '../../../shared/ui/markdown-preview';
import { pushToast } from '../../toasts/store';
import {
  AttachButton,
  UploadDropZone,
  UploadTray,
  droppedFiles,
  usePendingUploads,
} from '../../uploads';
import { usePreview } from '../../forum/use-preview';
import { useSendOnce } from '../../forum/use-send-once';
import {
  addArtPictures,
  artDraftClientId,
  clearArtDraft,
  patchArtDraft,
  useArtDraft,
  type ArtDraft,
} from '../drafts';
import { PictureOrder } from './picture-order';

/** A tool of the editor's bar from the page (the chat's smiley picker): it inserts at the caret. */
export type ArtEditorTools = React.ComponentType<{ insert: (text: string) => void }>;

interface ArtEditorProps {
  group: ArtGroup;
  /** Stores the post; a 422's field errors are shown under the fields, the draft stays. */
  onSend: (draft: ArtDraft, clientId: string) => Promise<void>;
  Tools?: ArtEditorTools;
}

/** The server's field errors by field: `attachments.3` counts as `attachments`. */
export function fieldErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key;
    out[field] = [out[field], ...messages].filter(Boolean).join(' ');
  }
  return out;
}

/**
 * A new post: title, text (Markdown with the server's preview and smileys), 1 to 20 pictures
 * through the upload pipeline in an order the author sets, and the 18+ mark. The draft (words,
 * uploaded pictures and their order) is kept per account and group until it is sent; the send
 * goes once at a time with the draft's client id, so a second press never makes two posts.
 */
export function ArtEditor({ group, onSend, Tools }: ArtEditorProps) {
  const { t } = useTranslation('art');
  const id = useId();
  const draft = useArtDraft(group.id);
  const uploads = usePendingUploads(`art:${group.id}`);
  const preview = usePreview(draft.text);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A picture that finished uploading joins the draft (which survives a reload) at the end.
  useEffect(() => {
    if (uploads.ready.length === 0) return;
    addArtPictures(group.id, uploads.ready);
    uploads.clear(uploads.readyIds);
  }, [uploads, group.id]);

  const count = draft.pictures.length;
  const pending = uploads.items.length;
  const addFiles = (files: readonly File[]) => {
    const room = ART_PICTURES_MAX - count - pending;
    if (files.length > room)
      pushToast({
        text: t('editor.tooMany', { max: String(ART_PICTURES_MAX) }),
        variant: 'danger',
      });
    if (room > 0) uploads.add(files.slice(0, room));
  };
  const ready =
    draft.title.trim() !== '' &&
    draft.title.length <= ART_TITLE_MAX &&
    draft.text.length <= ART_TEXT_MAX &&
    count >= 1 &&
    count <= ART_PICTURES_MAX &&
    !uploads.busy;

  const { run, sending } = useSendOnce(async () => {
    const clientId = artDraftClientId(group.id);
    setErrors({});
    try {
      await onSend({ ...draft, clientId }, clientId);
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation) setErrors(fieldErrors(cause.errors));
      throw cause;
    }
    clearArtDraft(group.id);
  });

  const insert = (text: string) => {
    const input = textarea.current;
    const at = input?.selectionStart ?? draft.text.length;
    const end = input?.selectionEnd ?? at;
    patchArtDraft(group.id, { text: `${draft.text.slice(0, at)}${text}${draft.text.slice(end)}` });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const files = droppedFiles(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  };
  const setPictures = (pictures: ArtPicture[]) => patchArtDraft(group.id, { pictures });

  return (
    <UploadDropZone onFiles={addFiles} className="forum-editor art-editor">
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) void run();
        }}
        data-testid="art-editor"
      >
        <Form.Group className="mb-3" controlId={`${id}-title`}>
          <Form.Label>{t('editor.title')}</Form.Label>
          <Form.Control
            value={draft.title}
            maxLength={ART_TITLE_MAX}
            onChange={(e) => patchArtDraft(group.id, { title: e.target.value })}
            isInvalid={errors.title !== undefined}
            required
            data-testid="art-editor-title"
          />
          <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
        </Form.Group>

        <fieldset className="mb-3" onPaste={onPaste}>
          <legend className="form-label fs-6 mb-1">
            {t('editor.pictures', { n: String(count), max: String(ART_PICTURES_MAX) })}
          </legend>
          <PictureOrder
            pictures={draft.pictures}
            onChange={setPictures}
            onRemove={(picture) => setPictures(draft.pictures.filter((p) => p.id !== picture.id))}
          />
          <UploadTray items={uploads.items} onRemove={uploads.remove} onRetry={uploads.retry} />
          <div className="d-flex align-items-center gap-2">
            <AttachButton
              onFiles={addFiles}
              disabled={count + pending >= ART_PICTURES_MAX}
              className="btn btn-outline-primary"
            />
            <span className="small text-body-secondary">{t('editor.picturesHint')}</span>
          </div>
          {errors.attachments && (
            <p
              className="text-danger small mt-1 mb-0"
              role="alert"
              data-testid="art-editor-attachments-error"
            >
              {errors.attachments}
            </p>
          )}
        </fieldset>

        <Form.Group className="mb-2" controlId={`${id}-text`}>
          <Form.Label>{t('editor.text')}</Form.Label>
          <Form.Control
            as="textarea"
            ref={textarea}
            rows={5}
            className="forum-editor-text"
            value={draft.text}
            onChange={(e) => patchArtDraft(group.id, { text: e.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                if (ready) void run();
              }
            }}
            isInvalid={draft.text.length > ART_TEXT_MAX || errors.text !== undefined}
            aria-describedby={`${id}-hint`}
            data-testid="art-editor-text"
          />
          <Form.Control.Feedback type="invalid">{errors.text}</Form.Control.Feedback>
          <Form.Text id={`${id}-hint`} className="d-block small">
            {t('editor.hint')}
          </Form.Text>
        </Form.Group>

        <Form.Check
          id={`${id}-adult`}
          className="mb-3"
          label={t('editor.adult')}
          checked={draft.adult}
          onChange={(e) => patchArtDraft(group.id, { adult: e.target.checked })}
          isInvalid={errors.adult !== undefined}
          feedback={errors.adult}
          feedbackType="invalid"
          data-testid="art-editor-adult"
        />

        <div className="forum-editor-bar">
          {Tools && <Tools insert={insert} />}
          <Button
            type="submit"
            className="ms-auto"
            disabled={!ready || sending}
            data-testid="art-editor-send"
          >
            {sending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
            {t('editor.send')}
          </Button>
        </div>
        <MarkdownPreview
          preview={preview}
          title={t('editor.preview')}
          failedText={t('editor.previewFailed')}
          testId="art-editor-preview"
        />
      </Form>
    </UploadDropZone>
  );
}
