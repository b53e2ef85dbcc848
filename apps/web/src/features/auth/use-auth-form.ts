import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodFieldErrors, type FieldErrors, type FormSchema } from './field-errors';

interface AuthFormOptions<V extends Record<string, string>, P> {
  initial: V;
  schema: FormSchema<P>;
  submit: (parsed: P, values: V) => Promise<unknown>;
  onSuccess: () => void;
  /**
   * Fields whose server errors are about the whole form: a wrong nick-and-password pair is
   * answered on `nick_or_phone` (API.md), but the nick itself is not what is wrong.
   */
  formLevel?: readonly string[];
}

/**
 * A form checked first by the shared zod schema (the server runs the same one), then sent;
 * a 422 from the server puts its messages under the same fields.
 */
export function useAuthForm<V extends Record<string, string>, P>(options: AuthFormOptions<V, P>) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof V & string) => (value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (prev[field] ? { ...prev, [field]: [] } : prev));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        zodFieldErrors(parsed.error.issues, { t: (k) => t(k), exists: (k) => i18n.exists(k) }),
      );
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await options.submit(parsed.data, values);
      options.onSuccess();
    } catch (error) {
      const formLevel = options.formLevel ?? [];
      setErrors(
        apiFieldErrors(
          error,
          Object.keys(values).filter((field) => !formLevel.includes(field)),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, set, setValues, onSubmit: (e: FormEvent) => void onSubmit(e) };
}
