import { z } from 'zod';
import { cleanText, textProblem } from '../rules/text';

export const INT_MAX = 2 ** 31 - 1;

/**
 * An id as people write it: decimal digits only, no sign, padding, exponent or hex, within the
 * databases' integer range. `z.coerce.number()` would read "0x1cb" or " 459" as a real id.
 */
export const idString = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'invalid_value' })
  .transform(Number)
  .refine((n) => n <= INT_MAX, { message: 'invalid_value' });

/** An integer field from JSON (a number) or a form (its decimal digits); nothing else. */
export function intField(min: number, max: number) {
  return z
    .union(
      [
        z.number().int(),
        z
          .string()
          .regex(/^-?\d{1,10}$/)
          .transform(Number),
      ],
      {
        message: 'invalid_type',
      },
    )
    .pipe(z.number().int().min(min).max(max));
}

/** An id in a body: like `idString`, or a JSON number in range. */
export const idField = intField(1, INT_MAX);

/** A decimal number from JSON or a form ("0.25"); booleans, null and arrays are refused. */
export function decimalField(min: number, max: number) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^-?\d{1,6}(\.\d{1,6})?$/)
          .transform(Number),
      ],
      {
        message: 'invalid_type',
      },
    )
    .pipe(z.number().min(min).max(max));
}

/**
 * Free text a person typed, through the one text rule (rules/text.ts): control characters, bidi
 * overrides and fillers refused; zero-width and other format characters dropped; NFC. Every
 * free-text field of the wire schemas goes through it (room names, messages, statuses,
 * profile texts, complaints, comments, gift texts).
 */
export const plainText = z
  .string()
  .refine((s) => textProblem(s) === null, { message: 'text.forbidden_characters' })
  .transform(cleanText);
/** Form fields arrive as strings; JSON as booleans. */
export const formBoolean = z.union([
  z.boolean(),
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off'])
    .transform((v) => v === '1' || v === 'true' || v === 'on'),
]);
