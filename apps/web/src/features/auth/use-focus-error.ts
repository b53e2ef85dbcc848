import { useEffect, type RefObject } from 'react';
import type { FieldErrors } from './field-errors';

/**
 * After a submit that failed, the keyboard lands on the first field marked invalid, so the
 * person hears what to fix without looking for it.
 */
export function useFocusError(form: RefObject<HTMLElement | null>, errors: FieldErrors): void {
  useEffect(() => {
    if (!Object.values(errors).some((messages) => messages.length > 0)) return;
    form.current?.querySelector<HTMLElement>('.is-invalid, [aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
