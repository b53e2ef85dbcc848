import { useId, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';

interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  hint?: ReactNode;
  type?: 'text' | 'password' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  autoFocus?: boolean;
  max?: string;
}

/** A labelled input whose errors sit under it and are tied to it for screen readers. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const { errors = [], hint } = props;
  const invalid = errors.length > 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-medium">{props.label}</Form.Label>
      <Form.Control
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        isInvalid={invalid}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        required={props.required}
        autoFocus={props.autoFocus}
        max={props.max}
        aria-describedby={describedBy || undefined}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={errorId} data-testid={`error-${props.name}`}>
          {errors.join(' ')}
        </Form.Control.Feedback>
      )}
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
