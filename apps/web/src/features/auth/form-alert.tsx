import { Alert } from 'react-bootstrap';
import { FORM_ERROR, type FieldErrors } from './field-errors';

/** Errors that belong to no single field. */
export function FormAlert({ errors }: { errors: FieldErrors }) {
  const messages = errors[FORM_ERROR] ?? [];
  if (messages.length === 0) return null;
  return (
    <Alert variant="danger" className="py-2" data-testid="form-error">
      {messages.join(' ')}
    </Alert>
  );
}
