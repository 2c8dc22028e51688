import { describe, expect, it } from 'vitest';
import { formatFullName, formatPersonName, readPersonName, type PersonNameInput } from './displayName';

describe('formatPersonName', () => {
  const cases: Array<[string, PersonNameInput | null, string]> = [
    ['both last names', { firstName: 'Ana', lastName: 'Gómez', lastName2: 'Ruiz' }, 'Gómez Ruiz, Ana'],
    ['one last name', { firstName: 'Ana', lastName: 'Gómez', lastName2: null }, 'Gómez, Ana'],
    ['lowercase fields', { firstname: 'Luis', lastname: 'Pérez', lastname2: 'Díaz' }, 'Pérez Díaz, Luis'],
    ['mixed fields', { firstName: 'Luis', lastname: 'Pérez' }, 'Pérez, Luis'],
    ['camelCase wins', { firstName: 'Ana', firstname: 'Other', lastName: 'Gómez' }, 'Gómez, Ana'],
    ['blank camelCase falls back', { firstName: ' ', firstname: 'Eva', lastName: 'Mora' }, 'Mora, Eva'],
    ['trims and collapses spaces', { firstName: '  María   José ', lastName: ' Gómez ' }, 'Gómez, María José'],
    ['only a first name', { firstName: 'Ana' }, 'Ana'],
    ['only a last name', { lastName: 'Gómez', lastName2: 'Ruiz' }, 'Gómez Ruiz'],
    ['second last name alone', { firstName: 'Ana', lastName2: 'Ruiz' }, 'Ruiz, Ana'],
    ['nothing', {}, ''],
    ['null', null, ''],
  ];
  it.each(cases)('%s', (_name, person, expected) => {
    expect(formatPersonName(person)).toBe(expected);
  });
});

describe('formatFullName and readPersonName', () => {
  it('writes first name then last names', () => {
    expect(formatFullName({ firstname: 'Luis', lastname: 'Pérez', lastname2: 'Díaz' })).toBe('Luis Pérez Díaz');
    expect(formatFullName({ lastName: 'Pérez' })).toBe('Pérez');
  });

  it('normalises to camelCase with empty strings', () => {
    expect(readPersonName({ lastname: 'Pérez' })).toEqual({ firstName: '', lastName: 'Pérez', lastName2: '' });
  });
});
