import { ApiError } from '../../lib/api-error';

/** Messages to show under each field, by field name; `form` holds those of no single field. */
export type FieldErrors = Record<string, string[]>;

export const FORM_ERROR = 'form';

/** What the form needs of a zod issue, so the web app does not depend on zod's own types. */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** A zod schema as the forms use it: the shared ones (registerBody, loginBody...) fit. */
export interface FormSchema<P> {
  safeParse(
    value: unknown,
  ): { success: true; data: P } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

interface Translator {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

// The shared schema's messages are keys ("nick.too_short"); zod's own ones are not.
function issueText(issue: SchemaIssue, { t, exists }: Translator): string {
  const key = `validation:${issue.message}`;
  if (exists(key)) return t(key);
  if (issue.code === 'too_big') return t('validation:too_long');
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return t('validation:required');
  return t('validation:invalid_value');
}

/** The client-side check's result in the same shape the server's 422 gives. */
export function zodFieldErrors(
  issues: readonly SchemaIssue[],
  translator: Translator,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR;
    // One message per field at a time: the first broken rule is the one to fix first.
    out[field] ??= [issueText(issue, translator)];
  }
  return out;
}

/**
 * A failed submit as field errors: a 422 names its fields (already in the user's language);
 * other failures were toasted by the API client and need nothing under the fields.
 */
export function apiFieldErrors(error: unknown, fields: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError) || !error.isValidation) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const key = fields.includes(field) ? field : FORM_ERROR;
    (out[key] ??= []).push(...messages);
  }
  if (Object.keys(out).length === 0) out[FORM_ERROR] = [error.message];
  return out;
}
