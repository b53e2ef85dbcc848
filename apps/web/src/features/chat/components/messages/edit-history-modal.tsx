import type { ChatMessage, Locale, MessageEdit } from '@chat/shared';
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useFadingRequest } from '../../../../shared/hooks/use-fading-request';
import { clockTime, dayKey, dayLabel } from '../../../../shared/time-format';
import { MessageText } from '../../../../shared/ui/message-text';
import { useSmileyDictionary } from '../../hooks/use-smileys';
import { useChat, useChatActions } from '../chat-context';

/** Whose history the dialog shows, and the button that gets the focus back when it closes. */
export interface EditHistoryRequest {
  message: ChatMessage;
  from: HTMLElement | null;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; error: string }
  | { state: 'done'; edits: MessageEdit[] };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "today at 14:05", "1 May at 14:05". */
function when(iso: string, locale: Locale, t: Translate): string {
  const words = { today: t('messages.edits.today'), yesterday: t('messages.edits.yesterday') };
  return t('messages.edits.at', {
    day: dayLabel(iso, locale, new Date(), words),
    time: clockTime(iso, locale),
  });
}

/** The replacement's time, without the day again when it is the day the text was written. */
function replacedWhen(edit: MessageEdit, locale: Locale, t: Translate): string {
  return dayKey(edit.replaced_at) === dayKey(edit.written_at)
    ? t('messages.edits.atTime', { time: clockTime(edit.replaced_at, locale) })
    : when(edit.replaced_at, locale, t);
}

/** Asks again when the message is edited once more while the dialog is open. */
function useMessageEdits(message: ChatMessage | null, attempt: number): Loaded {
  const actions = useChatActions();
  const { t } = useTranslation('chat');
  // Tagged with what it answers, so that another message's history never shows for a moment.
  const [loaded, setLoaded] = useState<Loaded & { key: string }>({ state: 'loading', key: '' });
  const id = message?.id;
  const editedAt = message?.edited_at;
  const key = `${String(id)}:${String(editedAt)}:${String(attempt)}`;
  useEffect(() => {
    if (message === null) return;
    let current = true;
    actions.messageEdits(message).then(
      (edits) => current && setLoaded({ state: 'done', edits, key }),
      (cause: unknown) =>
        current &&
        setLoaded({
          key,
          state: 'failed',
          // An ApiError carries the envelope's message (or the site's words for a lost network).
          error:
            cause instanceof Error && cause.message ? cause.message : t('messages.edits.error'),
        }),
    );
    return () => {
      current = false;
    };
    // The message object changes with every reaction; only its id and its edits matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actions, key]);
  return loaded.key === key ? loaded : { state: 'loading' };
}

interface EditHistoryModalProps {
  request: EditHistoryRequest | null;
  onHide: () => void;
}

/**
 * A message's earlier texts, the first first, then the text it has now (staff with
 * `message.edits`). User text goes through MessageText: links and smileys as in the chat, never
 * HTML. One dialog for the whole list, as "delete for everyone" has.
 */
export function EditHistoryModal({ request, onHide }: EditHistoryModalProps) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const dictionary = useSmileyDictionary();
  const { shown, onExited } = useFadingRequest(request);
  const target = shown?.message ?? null;
  // The message as the room has it now: an edit heard live shows at once.
  const live = useChat((s) =>
    target === null
      ? null
      : s.rooms.rooms
          .find((room) => room.id === target.room_id)
          ?.messages.find((m) => m.id === target.id),
  );
  const message = target === null ? null : (live ?? target);
  const [attempt, setAttempt] = useState(0);
  // Still the answer while the dialog fades out; asked again at the next opening.
  const loaded = useMessageEdits(message, attempt);

  return (
    <Modal
      show={request !== null}
      onHide={onHide}
      onExited={onExited}
      restoreFocus={false}
      centered
      scrollable
      aria-labelledby="edit-history-title"
      data-testid="edit-history-modal"
    >
      <Modal.Header closeButton closeLabel={t('messages.edits.close')}>
        <Modal.Title as="h2" className="h5" id="edit-history-title">
          {t('messages.edits.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {loaded.state === 'loading' && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner size="sm" animation="border" aria-hidden="true" />
            {t('messages.edits.loading')}
          </div>
        )}
        {loaded.state === 'failed' && (
          <Alert variant="danger" className="mb-0" data-testid="edit-history-error">
            <p className="mb-2">{loaded.error}</p>
            <Button size="sm" variant="outline-danger" onClick={() => setAttempt((n) => n + 1)}>
              {t('messages.edits.retry')}
            </Button>
          </Alert>
        )}
        {loaded.state === 'done' && message !== null && (
          <ol className="list-unstyled mb-0" data-testid="edit-history-list">
            {loaded.edits.map((edit, index) => (
              <li
                key={`${edit.replaced_at}-${index}`}
                className="border-bottom pb-2 mb-2"
                data-testid="edit-history-earlier"
              >
                <div className="small text-body-secondary mb-1">
                  {t('messages.edits.earlier', {
                    written: when(edit.written_at, locale, t),
                    replaced: replacedWhen(edit, locale, t),
                  })}
                </div>
                <div className="chat-message-text text-break">
                  <MessageText text={edit.text} dictionary={dictionary} />
                </div>
              </li>
            ))}
            <li data-testid="edit-history-current">
              <div className="small text-body-secondary mb-1">
                {message.edited_at === null
                  ? t('messages.edits.current')
                  : t('messages.edits.currentSince', {
                      written: when(message.edited_at, locale, t),
                    })}
              </div>
              <div className="chat-message-text text-break">
                <MessageText text={message.text} dictionary={dictionary} />
              </div>
            </li>
          </ol>
        )}
      </Modal.Body>
    </Modal>
  );
}
