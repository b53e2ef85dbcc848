import { describe, expect, it } from 'vitest';
import { MARITAL_STATUSES, isMaritalStatus, maritalStatusLabel, takesPartner } from './marital';

describe('MARITAL_STATUSES', () => {
  it('lists the eight statuses', () => {
    expect(MARITAL_STATUSES).toEqual([
      'in-a-relationship',
      'engaged',
      'married',
      'not-married',
      'divorced',
      'in-love',
      'complicated',
      'actively-searching',
    ]);
  });

  it('recognises only the listed statuses', () => {
    expect(isMaritalStatus('married')).toBe(true);
    expect(isMaritalStatus('Married')).toBe(false);
    expect(isMaritalStatus('single')).toBe(false);
    expect(isMaritalStatus('')).toBe(false);
    expect(isMaritalStatus('constructor')).toBe(false);
    expect(isMaritalStatus(undefined)).toBe(false);
  });
});

describe('takesPartner', () => {
  it('is false only for not married, divorced and actively searching', () => {
    expect(MARITAL_STATUSES.filter((status) => !takesPartner(status))).toEqual([
      'not-married',
      'divorced',
      'actively-searching',
    ]);
    expect(MARITAL_STATUSES.filter((status) => takesPartner(status))).toEqual([
      'in-a-relationship',
      'engaged',
      'married',
      'in-love',
      'complicated',
    ]);
  });
});

describe('maritalStatusLabel', () => {
  it('gives masculine Russian labels', () => {
    expect(MARITAL_STATUSES.map((status) => maritalStatusLabel(status, 'male', 'ru'))).toEqual([
      'Встречается',
      'Помолвлен',
      'Женат',
      'Не женат',
      'Разведён',
      'Влюблён',
      'Всё сложно',
      'В активном поиске',
    ]);
  });

  it('gives feminine Russian labels', () => {
    expect(MARITAL_STATUSES.map((status) => maritalStatusLabel(status, 'female', 'ru'))).toEqual([
      'Встречается',
      'Помолвлена',
      'Замужем',
      'Не замужем',
      'Разведена',
      'Влюблена',
      'Всё сложно',
      'В активном поиске',
    ]);
  });

  it('uses the masculine Russian form when the gender is unknown', () => {
    expect(maritalStatusLabel('married', null, 'ru')).toBe('Женат');
    expect(maritalStatusLabel('not-married', null, 'ru')).toBe('Не женат');
    expect(maritalStatusLabel('in-love', null, 'ru')).toBe('Влюблён');
  });

  it('gives the same English label whatever the gender', () => {
    const expected = [
      'In a relationship',
      'Engaged',
      'Married',
      'Single',
      'Divorced',
      'In love',
      "It's complicated",
      'Actively searching',
    ];
    for (const gender of ['male', 'female', null] as const) {
      expect(MARITAL_STATUSES.map((status) => maritalStatusLabel(status, gender, 'en'))).toEqual(
        expected,
      );
    }
  });
});

describe('partner rule of the profile form', () => {
  it('lets a partner be named only with a status that takes one', () => {
    const named = (status: (typeof MARITAL_STATUSES)[number] | null) =>
      status !== null && takesPartner(status);
    expect(named(null)).toBe(false);
    expect(named('married')).toBe(true);
    expect(named('divorced')).toBe(false);
  });
});
