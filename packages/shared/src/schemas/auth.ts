import { z } from 'zod';
import { nickSchema } from './nick';
import { plainText } from './fields';
import { normalizePhone } from './phone';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

const password = z
  .string()
  .min(PASSWORD_MIN, { message: 'password.too_short' })
  .max(PASSWORD_MAX, { message: 'password.too_long' });

/** Empty form fields mean "not given", so an empty optional input is not an error. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The person fields of registration and the profile form; each caller says what blank means. */
export const emailField = z
  .email({ message: 'email.invalid' })
  .max(254, { message: 'email.invalid' });

export const phoneField = z
  .string()
  .max(32, { message: 'phone.invalid' })
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
      return z.NEVER;
    }
    return e164;
  });

export const genderField = z.enum(GENDERS, { message: 'gender.invalid' });

export const birthdateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'birthdate.invalid' })
  .refine(isPlausibleBirthdate, { message: 'birthdate.invalid' });

/** A real calendar date from 1900-01-01 up to today (registration and the profile form). */
function isPlausibleBirthdate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const year = date.getUTCFullYear();
  return year >= 1900 && date.getTime() <= Date.now();
}

export const guestRegisterBody = z.object({ nick: nickSchema });
export type GuestRegisterBody = z.infer<typeof guestRegisterBody>;

export const registerBody = z
  .object({
    nick: nickSchema,
    password,
    password_confirmation: z.string().max(PASSWORD_MAX),
    email: z.preprocess(blankToUndefined, emailField.optional()),
    phone: z.preprocess(blankToUndefined, phoneField.optional()),
    gender: z.preprocess(blankToUndefined, genderField.optional()),
    birthdate: z.preprocess(blankToUndefined, birthdateField.optional()),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'password.mismatch',
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  nick_or_phone: plainText.pipe(z.string().trim().min(1, { message: 'required' }).max(64)),
  password: z.string().min(1, { message: 'required' }).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;
