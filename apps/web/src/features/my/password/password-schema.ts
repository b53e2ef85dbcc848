import { PASSWORD_MAX, PASSWORD_MIN } from '@chat/shared';
import type { FormSchema, SchemaIssue } from '../../auth/field-errors';

export interface PasswordValues {
  password: string;
  new_password: string;
  new_password_confirmation: string;
  [field: string]: string;
}

/** The client's check of the change-password form; the server checks the same and more. */
export const passwordSchema: FormSchema<PasswordValues> = {
  safeParse(value: unknown) {
    const v = value as PasswordValues;
    const issues: SchemaIssue[] = [];
    const issue = (field: string, message: string) =>
      issues.push({ code: 'custom', path: [field], message });
    if (v.password === '') issue('password', 'required');
    if (v.new_password.length < PASSWORD_MIN) issue('new_password', 'password.too_short');
    else if (v.new_password.length > PASSWORD_MAX) issue('new_password', 'password.too_long');
    if (v.new_password_confirmation !== v.new_password)
      issue('new_password_confirmation', 'password.mismatch');
    return issues.length === 0 ? { success: true, data: v } : { success: false, error: { issues } };
  },
};
