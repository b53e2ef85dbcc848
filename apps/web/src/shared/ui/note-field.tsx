import { Form } from 'react-bootstrap';

interface NoteFieldProps {
  controlId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  rows?: number;
  className?: string | undefined;
  labelClassName?: string | undefined;
  hint?: string | undefined;
}

/** The wire's limit on a moderation note (a comment, an appeal's or a complaint's words). */
const NOTE_MAX = 1000;

/** The free-text note of a moderation form: a sanction's comment, an appeal, an answer. */
export function NoteField({
  controlId,
  label,
  value,
  onChange,
  testId,
  rows = 3,
  className,
  labelClassName,
  hint,
}: NoteFieldProps) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        maxLength={NOTE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {hint !== undefined && <Form.Text muted>{hint}</Form.Text>}
    </Form.Group>
  );
}
