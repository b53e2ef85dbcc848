import { GENDERS, isMaritalStatus, takesPartner, type Gender, type PublicUser } from '@chat/shared';
import type { MyProfilePatchInput, MyProfileView } from '../api';

/** The form's state: strings as inputs hold them, the partner as a chosen person. */
export interface ProfileValues {
  about: string;
  gender: string;
  birthdate: string;
  marital_status: string;
  partner: PublicUser | null;
  email: string;
  phone: string;
}

export const PROFILE_FIELDS = [
  'about',
  'gender',
  'birthdate',
  'marital_status',
  'partner_id',
  'email',
  'phone',
] as const;

export function valuesFrom(profile: MyProfileView): ProfileValues {
  return {
    about: profile.about ?? '',
    gender: profile.gender ?? '',
    birthdate: profile.birthdate ?? '',
    marital_status: profile.marital_status ?? '',
    partner: profile.partner,
    email: profile.email ?? '',
    // A number waiting for its code shows as typed; the confirmed one otherwise.
    phone: profile.phone_pending ?? profile.phone ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function genderOf(value: string): Gender | null {
  return (GENDERS as readonly string[]).includes(value) ? (value as Gender) : null;
}

/**
 * The body of PATCH /api/my/profile. A partner goes only with a status that takes one (the
 * others clear it); the text goes as typed, the server keeps it as text.
 */
export function patchFrom(values: ProfileValues, saved?: MyProfileView): MyProfilePatchInput {
  const status = isMaritalStatus(values.marital_status) ? values.marital_status : null;
  const phone = orNull(values.phone);
  // The phone goes only when changed: each new number costs a code sent to it (rate-limited).
  const phoneChanged = !saved || phone !== (saved.phone_pending ?? saved.phone);
  return {
    ...(phoneChanged ? { phone } : {}),
    about: values.about === '' ? null : values.about,
    gender: genderOf(values.gender),
    birthdate: orNull(values.birthdate),
    marital_status: status,
    partner_id: status !== null && takesPartner(status) ? (values.partner?.id ?? null) : null,
    email: orNull(values.email),
  };
}
