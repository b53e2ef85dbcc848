import { FORUM_POST_MAX, FORUM_SUBJECT_MAX, type Attachment } from '@chat/shared';
import {
  useId,
  useState,
  type ClipboardEvent,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { CharCounter } from '../../composer/char-counter';
import {
  AttachButton,
  UploadDropZone,
  UploadTray,
  droppedFiles,
  usePendingUploads,
} from '../../uploads';
import {
  clearDraft,
  draftClientId,
  patchDraft,
  useForumDraft,
  type DraftKind,
  type ForumDraft,
} from '../drafts';
import { usePreview } from '../use-preview';
import { useSendOnce } from '../use-send-once';
import { MarkdownPreview } from '../../../shared/ui/markdown-preview';

/** A tool of the editor's bar from the page (the chat's smiley picker): it inserts at the caret. */
export type EditorTools = ComponentType<{ insert: (text: string) => void }>;

/** What one send carries: the draft as typed, its pictures, and the id kept for retries. */
export interface EditorSubmission {
  draft: ForumDraft;
  attachments: readonly Attachment[];
  clientId: string;
}

export interface ForumEditorProps {
  /** Whose draft: a new thread (by category id) or a reply (by thread id). */
  kind: DraftKind;
  draftId: number;
  /** A new thread has a subject; a reply has not. */
  withSubject?: boolean;
  /** Stores the post; a 422's field errors are shown under the fields, the draft stays. */
  onSend: (submission: EditorSubmission) => Promise<void>;
  /** The page's tools before the paperclip (the smiley picker), inserting at the caret. */
  Tools?: EditorTools;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  submitLabel: string;
  /** Above the text: what it replies to, with a way to drop the quote. */
  header?: ReactNode;
  testId: string;
}

const COUNTER_FROM = 1000;

/**
 * The forum's editor for a new thread and a reply: Markdown with the server's live preview,
 * smileys, pictures by the paperclip, drag and drop and paste. The draft lives in this browser
 * per account until it is sent; the send button works once at a time, and a retry sends the same
 * client id, so a second press or a lost answer never makes two posts.
 */
export function ForumEditor({
  kind,
  draftId,
  withSubject = false,
  onSend,
  Tools,
  textareaRef,
  submitLabel,
  header,
  testId,
}: ForumEditorProps) {
  const { t } = useTranslation('forum');
  const id = useId();
  const draft = useForumDraft(kind, draftId);
  const uploads = usePendingUploads(`forum-${kind}:${draftId}`);
  const preview = usePreview(draft.text);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const remaining = FORUM_POST_MAX - draft.text.length;
  const ready =
    draft.text.trim() !== '' &&
    remaining >= 0 &&
    (!withSubject || draft.subject.trim() !== '') &&
    !uploads.busy;

  const { run, sending } = useSendOnce(async () => {
    const clientId = draftClientId(kind, draftId);
    setErrors({});
    try {
      await onSend({ draft: { ...draft, clientId }, attachments: uploads.ready, clientId });
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation) setErrors(cause.errors);
      throw cause;
    }
    uploads.clear(uploads.readyIds);
    clearDraft(kind, draftId);
  });
  const submit = () => {
    if (ready) void run();
  };

  const insert = (text: string) => {
    const input = textareaRef.current;
    const at = input?.selectionStart ?? draft.text.length;
    const end = input?.selectionEnd ?? at;
    const next = `${draft.text.slice(0, at)}${text}${draft.text.slice(end)}`;
    patchDraft(kind, draftId, { text: next });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter is a new line in a forum post; Ctrl+Enter (⌘+Enter) sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = droppedFiles(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };
  const fieldError = (name: string) => errors[name]?.join(' ');

  return (
    <UploadDropZone onFiles={uploads.add} className="forum-editor">
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid={testId}
      >
        {withSubject && (
          <Form.Group className="mb-3" controlId={`${id}-subject`}>
            <Form.Label>{t('editor.subject')}</Form.Label>
            <Form.Control
              value={draft.subject}
              maxLength={FORUM_SUBJECT_MAX}
              onChange={(e) => patchDraft(kind, draftId, { subject: e.target.value })}
              isInvalid={fieldError('subject') !== undefined}
              required
              data-testid={`${testId}-subject`}
            />
            <Form.Control.Feedback type="invalid">{fieldError('subject')}</Form.Control.Feedback>
          </Form.Group>
        )}
        {header}
        <Form.Group className="mb-2" controlId={`${id}-text`}>
          <Form.Label>{t('editor.text')}</Form.Label>
          <Form.Control
            as="textarea"
            ref={textareaRef}
            rows={6}
            className="forum-editor-text"
            value={draft.text}
            onChange={(e) => patchDraft(kind, draftId, { text: e.target.value })}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            isInvalid={remaining < 0 || fieldError('text') !== undefined}
            aria-describedby={`${id}-hint${remaining < COUNTER_FROM ? ` ${id}-counter` : ''}`}
            required
            data-testid={`${testId}-text`}
          />
          <Form.Control.Feedback type="invalid">{fieldError('text')}</Form.Control.Feedback>
          <Form.Text id={`${id}-hint`} className="d-block small">
            {t('editor.hint')}
          </Form.Text>
        </Form.Group>
        <UploadTray
          items={uploads.items}
          onRemove={uploads.remove}
          onRetry={uploads.retry}
          onToggleAdult={uploads.setAdult}
        />
        {fieldError('attachments') && (
          <p className="text-danger small" role="alert">
            {fieldError('attachments')}
          </p>
        )}
        <div className="forum-editor-bar">
          {Tools && <Tools insert={insert} />}
          <AttachButton onFiles={uploads.add} />
          {remaining < COUNTER_FROM && <CharCounter id={`${id}-counter`} remaining={remaining} />}
          <Button
            type="submit"
            className="ms-auto"
            disabled={!ready || sending}
            data-testid={`${testId}-send`}
          >
            {sending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
            {submitLabel}
          </Button>
        </div>
        <MarkdownPreview
          preview={preview}
          title={t('editor.preview')}
          failedText={t('editor.previewFailed')}
          testId={`${testId}-preview`}
        />
      </Form>
    </UploadDropZone>
  );
}
