import { describe, expect, it } from 'vitest';
import { isScientificNotation, parseDate, parseGender, parseKind, parsePhone } from './import.values';

describe('values people type into a class list', () => {
  it('reads genders in the words schools use', () => {
    for (const word of ['F', 'f', 'Femenino', 'Mujer', 'Niña', 'Female', 'girl', 'W', 'weiblich', 'féminin', 'Femmina', 'menina']) expect(parseGender(word), word).toBe('female');
    for (const word of ['M', 'Masculino', 'Hombre', 'Niño', 'Male', 'H', 'Varón', 'männlich', 'Maschio', 'garçon']) expect(parseGender(word), word).toBe('male');
    expect(parseGender('')).toBeNull();
    expect(parseGender('otro')).toBe('invalid');
  });

  it('reads relationship kinds, also with a qualifier after them', () => {
    const kinds: Record<string, string> = {
      Madre: 'mother', 'Mamá': 'mother', Padre: 'father', 'Papá': 'father', Acudiente: 'guardian', Abuela: 'grandmother',
      Abuelo: 'grandfather', 'Tía': 'aunt', 'Tío': 'uncle', Tutor: 'guardian', Tutora: 'guardian', Hermana: 'sister', Hermano: 'brother',
      'Abuela materna': 'grandmother', 'madre / acudiente': 'mother', mother: 'mother', Grandma: 'grandmother', Großmutter: 'grandmother',
      'Grand-mère': 'grandmother', Nonna: 'grandmother', 'Mãe': 'mother', stepfather: 'stepfather',
    };
    for (const [text, kind] of Object.entries(kinds)) expect(parseKind(text), text).toBe(kind);
    expect(parseKind('vecina')).toBeNull();
  });

  it('reads dates as date cells, serial numbers and text in the usual ways', () => {
    const dates: Record<string, string> = {
      '2015-03-14': '2015-03-14', '2015-03-14T00:00:00': '2015-03-14', '14/03/2015': '2015-03-14', '3/4/15': '2015-04-03',
      '14-03-2015': '2015-03-14', '14.03.2015': '2015-03-14', '42078': '2015-03-15', '42078.0': '2015-03-15',
      '14 de marzo de 2015': '2015-03-14', '14 marzo 2015': '2015-03-14', '14-mar-2015': '2015-03-14', '1 de sept. de 2014': '2014-09-01',
      'March 14, 2015': '2015-03-14', '2 dic 14': '2014-12-02', '31/12/99': '1999-12-31',
    };
    for (const [text, iso] of Object.entries(dates)) expect(parseDate(text), text).toBe(iso);
    for (const bad of ['2015-02-30', '12/31/2015', '14 de marzuelo de 2015', 'mañana', '2015', '1/1/1850']) expect(parseDate(bad), bad).toBe('invalid');
    expect(parseDate('')).toBeNull();
  });

  it('reads phones with spaces, dashes, parentheses and a country code, and refuses anything else', () => {
    expect(parsePhone('(300) 123-4567')).toBe('3001234567');
    expect(parsePhone('+57 310 555 1234')).toBe('+573105551234');
    expect(parsePhone('300-555-0000')).toBe('3005550000');
    expect(parsePhone('300.555.0000')).toBe('3005550000');
    expect(parsePhone("'+57 300 123 4567")).toBe('+573001234567');
    expect(parsePhone('')).toBeNull();
    for (const bad of ['300 123 4567 / 310 555 1234', 'ext. 12', '12345', '+57 300 123 4567 8901 23', '57+300']) expect(parsePhone(bad), bad).toBe('invalid');
  });

  it('recognises documents a spreadsheet wrote in scientific notation', () => {
    expect(isScientificNotation('1,02346E+09')).toBe(true);
    expect(isScientificNotation('1.02E9')).toBe(true);
    expect(isScientificNotation('1023456789')).toBe(false);
    expect(isScientificNotation('E-1023')).toBe(false);
  });
});
