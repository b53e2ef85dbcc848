import { ROOM_NAME_MAX, type RoomSummary } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useChatActions } from '../chat-context';

interface RoomFormModalProps {
  show: boolean;
  /** The room to edit; none creates a new one. */
  room: RoomSummary | null;
  onHide: () => void;
}

/** Create a room, or change its names and whether it is public (owner or admin). */
export function RoomFormModal({ show, room, onHide }: RoomFormModalProps) {
  const { t } = useTranslation('chat');
  return (
    <Modal show={show} onHide={onHide} centered data-testid="room-form">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {room ? t('roomForm.editTitle') : t('roomForm.createTitle')}
        </Modal.Title>
      </Modal.Header>
      {/* Mounted per opening, so the fields start from the room as it is now. */}
      {show && <RoomForm room={room} onDone={onHide} />}
    </Modal>
  );
}

function RoomForm({ room, onDone }: { room: RoomSummary | null; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const actions = useChatActions();
  const [nameRu, setNameRu] = useState(room?.name.ru ?? '');
  const [nameEn, setNameEn] = useState(room?.name.en ?? '');
  const [isPublic, setPublic] = useState(room?.public ?? true);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = (value: string) =>
    value.trim() === ''
      ? t('roomForm.required')
      : value.trim().length > ROOM_NAME_MAX
        ? t('roomForm.tooLong', { max: ROOM_NAME_MAX })
        : null;
  const errors = { ru: problem(nameRu), en: problem(nameEn) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.ru !== null || errors.en !== null) return;
    const body = { name_ru: nameRu.trim(), name_en: nameEn.trim(), public: isPublic };
    setBusy(true);
    try {
      if (room) await actions.updateRoom(room.id, body);
      else await actions.createRoom(body);
      onDone();
    } catch {
      // Reported by the data layer; the form stays filled in for another try.
    } finally {
      setBusy(false);
    }
  };

  const field = (id: 'ru' | 'en', value: string, set: (value: string) => void) => (
    <Form.Group className="mb-3" controlId={`room-name-${id}`}>
      <Form.Label>{id === 'ru' ? t('roomForm.nameRu') : t('roomForm.nameEn')}</Form.Label>
      <Form.Control
        value={value}
        onChange={(event) => set(event.target.value)}
        isInvalid={touched && errors[id] !== null}
        maxLength={ROOM_NAME_MAX + 10}
        lang={id}
        data-testid={`room-name-${id}`}
      />
      <Form.Control.Feedback type="invalid">{errors[id]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
        {field('ru', nameRu, setNameRu)}
        {field('en', nameEn, setNameEn)}
        <Form.Check
          type="switch"
          id="room-public"
          label={t('roomForm.public')}
          checked={isPublic}
          onChange={(event) => setPublic(event.target.checked)}
          data-testid="room-public"
        />
        <Form.Text className="d-block mt-1">{t('roomForm.publicHint')}</Form.Text>
      </Modal.Body>
      <Modal.Footer className="border-0 pt-0">
        <Button variant="light" onClick={onDone} disabled={busy}>
          {t('roomForm.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={busy} data-testid="room-form-submit">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {room ? t('roomForm.save') : t('roomForm.create')}
        </Button>
      </Modal.Footer>
    </form>
  );
}
