import { z } from 'zod';
import { IM_PRIVACY } from '../im/wire';
import { MARITAL_STATUSES } from '../rules/marital';
import { birthdateField, emailField, GENDERS, genderField, phoneField } from './auth';
import { idField, plainText } from './fields';
import { publicUser } from './user';

/** An empty form field or null clears the value. */
const blankToNull = (v: unknown) => (v === '' ? null : v);

/**
 * `PATCH /api/my/profile`: a partial update of the caller's profile; a field left out is left
 * alone, null (or an empty string) clears it. Text is stored as typed and always shown as text.
 */
export const myProfilePatchBody = z
  .object({
    about: z.preprocess(
      blankToNull,
      plainText.pipe(z.string().max(2000, { message: 'too_long' })).nullable(),
    ),
    gender: z.preprocess(blankToNull, genderField.nullable()),
    birthdate: z.preprocess(blankToNull, birthdateField.nullable()),
    marital_status: z.preprocess(
      blankToNull,
      z.enum(MARITAL_STATUSES, { message: 'invalid_value' }).nullable(),
    ),
    partner_id: z.preprocess(blankToNull, idField.nullable()),
    email: z.preprocess(blankToNull, emailField.nullable()),
    phone: z.preprocess(blankToNull, phoneField.nullable()),
    im_privacy: z.enum(IM_PRIVACY),
  })
  .partial();
export type MyProfilePatch = z.infer<typeof myProfilePatchBody>;

/** The caller's own profile form: `GET` and `PATCH /api/my/profile`. */
export const myProfileSchema = z.object({
  about: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birthdate: z.string().nullable(),
  marital_status: z.enum(MARITAL_STATUSES).nullable(),
  /** The person I named as my partner (only the confirmed link shows on the public profile). */
  partner: publicUser.nullable(),
  /** Whether that person confirmed (named me back). */
  partner_confirmed: z.boolean(),
  /** The newest person who named me as their partner and waits for my answer. */
  partner_request: publicUser.nullable(),
  email: z.string().nullable(),
  /** Whether `email` was confirmed by the code or link mailed to it (only then is it used). */
  email_verified: z.boolean(),
  /** My confirmed phone: a sign-in name. */
  phone: z.string().nullable(),
  /**
   * A phone I set that waits for the code sent to it (`POST /api/my/phone/confirm`); it claims
   * nothing and signs in nobody until then. Null when none waits.
   */
  phone_pending: z.string().nullable(),
  im_privacy: z.enum(IM_PRIVACY),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** `POST /api/my/phone/confirm`: the 6-digit code sent to the waiting phone. */
export const myPhoneConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'phone.code_invalid' }),
});
export type MyPhoneConfirmBody = z.infer<typeof myPhoneConfirmBody>;
