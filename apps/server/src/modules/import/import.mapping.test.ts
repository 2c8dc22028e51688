import { IMPORT_FIELDS, IMPORT_TEMPLATE_FIELDS } from '@patio/core';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './import.labels';
import { guessField, guessMapping } from './import.mapping';
import { findHeaderRow } from './import.table';
import { templateHeader } from './import.template';
import { normalizeHeader } from './import.text';

const languages: DictionaryLanguage[] = ['es', 'en', 'de', 'fr', 'it', 'pt'];

describe('column titles', () => {
  it('recognises the common Spanish and English variants', () => {
    const titles: Record<string, string> = {
      Nombres: 'firstName', 'Primer apellido': 'lastName', 'Segundo apellido': 'lastName2', 'No. documento': 'document',
      'Doc. identidad': 'document', 'N° documento': 'document', 'F. nacimiento': 'birthday', Sexo: 'gender', 'E-mail': 'email', 'Teléfono': 'mobile',
      Acudiente: 'relativeFullName', Parentesco: 'relationshipKind', 'Nombre completo': 'fullName', 'Apellidos, Nombres': 'fullName',
      'Apellidos y nombres': 'fullName', Estudiante: 'fullName', 'Documento acudiente': 'relativeDocument', 'Cédula acudiente': 'relativeDocument',
      'Celular acudiente': 'relativeMobile', 'Nombre completo acudiente': 'relativeFullName', 'Date of birth': 'birthday', 'Parent ID': 'relativeDocument',
    };
    for (const [title, field] of Object.entries(titles)) expect(guessField(title), title).toBe(field);
    expect(guessField('Observaciones')).toBeNull();
    expect(guessField('Listado de estudiantes 3A — año 2026')).toBeNull();
  });

  it('reads a lone name column as the whole name', () => {
    expect(guessMapping(['Nombre del estudiante', 'Documento'])).toEqual({ fullName: 0, document: 1 });
    expect(guessMapping(['Nombre', 'Apellidos', 'Documento'])).toEqual({ firstName: 0, lastName: 1, document: 2 });
  });

  it('gives every field a name of its own in every language', () => {
    const owner = new Map<string, string>();
    for (const lang of languages) {
      for (const field of IMPORT_FIELDS) {
        const key = normalizeHeader(fieldLabel(field, lang));
        expect(owner.get(key) ?? field, `${lang} ${field} "${key}"`).toBe(field);
        owner.set(key, field);
      }
    }
  });

  it.each(languages)('maps the %s template column by column', (lang) => {
    const expected = Object.fromEntries(IMPORT_TEMPLATE_FIELDS.map((field, index) => [field, index]));
    expect(guessMapping(templateHeader(lang))).toEqual(expected);
  });
});

describe('header row', () => {
  it('skips titles and blank rows and takes the row that names the most columns', () => {
    const records = [
      { n: 1, cells: ['Listado de estudiantes 3A — año 2026'] },
      { n: 2, cells: ['Directora de grupo: Ana Ruiz'] },
      { n: 4, cells: ['Nombres', 'Apellidos', 'Documento', 'Parentesco'] },
      { n: 5, cells: ['Ana', 'Pérez', '1', 'Madre'] },
    ];
    expect(findHeaderRow(records)).toEqual({ row: 4, found: true });
  });

  it('takes the first row, and says so, when no row looks like a header', () => {
    expect(findHeaderRow([{ n: 2, cells: ['a', 'b'] }, { n: 3, cells: ['c', 'd'] }])).toEqual({ row: 2, found: false });
  });
});
