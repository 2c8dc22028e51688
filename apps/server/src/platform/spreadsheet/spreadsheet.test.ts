import { describe, expect, it } from 'vitest';
import { csvDelimiterFor, decimalSeparatorFor, pickCsvDelimiter } from './csv-delimiter';
import { decodeText } from './decode-text';
import { utf16be, utf16le, utf8bom, windows1252 } from './spreadsheet.fixtures';

const text = 'Nombres;Apellidos;Nota\r\nIñaki;Núñez “el Chino”;Cuota 5€ – pagó é\r\n';

describe('decodeText (issue 34 §3)', () => {
  it('item 3: reads a CSV saved by Excel on Windows as Windows-1252: curly quotes, ñ, é and € come through', () => {
    const bytes = windows1252(text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeText(bytes)).toEqual({ text, encoding: 'windows-1252' });
    // Every byte has its character: the 27 of 0x80–0x9F that differ from Latin-1 and the 5 that do not.
    const high = decodeText(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i)).text;
    expect(high).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
  });

  it('item 3: reads UTF-16 by its BOM, little and big endian, and UTF-8 with or without one', () => {
    expect(decodeText(utf16le(text))).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeText(utf16be(text))).toEqual({ text, encoding: 'utf-16be' });
    expect(decodeText(utf8bom(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
  });

  it('item 3: recognises UTF-16 that came without a BOM by its zero bytes', () => {
    expect(decodeText(Buffer.from(text, 'utf16le'))).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeText(Buffer.from(text, 'utf16le').swap16())).toEqual({ text, encoding: 'utf-16be' });
  });

  it('item 3: takes plain ASCII and empty files as UTF-8', () => {
    expect(decodeText(Buffer.from('a;b\n1;2\n'))).toEqual({ text: 'a;b\n1;2\n', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('CSV delimiter of a language (issue 34 §3)', () => {
  it("item 3: is ';' where the decimal separator is a comma (es, es-CO, de, fr, it, pt) and ',' for en", () => {
    for (const language of ['es', 'es-CO', 'de', 'fr', 'it', 'pt']) {
      expect(decimalSeparatorFor(language), language).toBe(',');
      expect(csvDelimiterFor(language), language).toBe(';');
    }
    expect(decimalSeparatorFor('en')).toBe('.');
    expect(csvDelimiterFor('en')).toBe(',');
  });

  it('item 3: gives way to an explicit delimiter', () => {
    expect(pickCsvDelimiter('es', 'comma')).toBe(',');
    expect(pickCsvDelimiter('en', 'semicolon')).toBe(';');
    expect(pickCsvDelimiter('fr')).toBe(';');
  });
});
