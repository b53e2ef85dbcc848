import type { Locale } from '../locale';
import type { Gender } from '../schemas/auth';

export const MARITAL_STATUSES = [
  'in-a-relationship',
  'engaged',
  'married',
  'not-married',
  'divorced',
  'in-love',
  'complicated',
  'actively-searching',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

const WITHOUT_PARTNER: ReadonlySet<MaritalStatus> = new Set([
  'not-married',
  'divorced',
  'actively-searching',
]);

export function isMaritalStatus(value: unknown): value is MaritalStatus {
  return (MARITAL_STATUSES as readonly unknown[]).includes(value);
}

/** Whether the profile may name a partner with this status (spec section 4). */
export function takesPartner(status: MaritalStatus): boolean {
  return !WITHOUT_PARTNER.has(status);
}

const EN_LABELS: Record<MaritalStatus, string> = {
  'in-a-relationship': 'In a relationship',
  engaged: 'Engaged',
  married: 'Married',
  'not-married': 'Single',
  divorced: 'Divorced',
  'in-love': 'In love',
  complicated: "It's complicated",
  'actively-searching': 'Actively searching',
};

// Russian agrees these with the person's gender; "married" even takes different words.
const RU_LABELS: Record<Gender, Record<MaritalStatus, string>> = {
  male: {
    'in-a-relationship': 'Встречается',
    engaged: 'Помолвлен',
    married: 'Женат',
    'not-married': 'Не женат',
    divorced: 'Разведён',
    'in-love': 'Влюблён',
    complicated: 'Всё сложно',
    'actively-searching': 'В активном поиске',
  },
  female: {
    'in-a-relationship': 'Встречается',
    engaged: 'Помолвлена',
    married: 'Замужем',
    'not-married': 'Не замужем',
    divorced: 'Разведена',
    'in-love': 'Влюблена',
    complicated: 'Всё сложно',
    'actively-searching': 'В активном поиске',
  },
};

/** With no gender given, Russian falls back to the masculine form, the grammatical default. */
export function maritalStatusLabel(
  status: MaritalStatus,
  gender: Gender | null,
  locale: Locale,
): string {
  return locale === 'en' ? EN_LABELS[status] : RU_LABELS[gender ?? 'male'][status];
}
