import { describe, expect, it } from 'vitest';
import { familyLanguages } from './attendance.alert';

describe('the languages an attendance alert is written in', () => {
  it("item 4: relatives who chose no language read the school's default language, not always Spanish", () => {
    expect(familyLanguages([null, 'en', null], 'fr')).toEqual(['fr', 'en']);
    expect(familyLanguages([], 'de')).toEqual(['de']);
    expect(familyLanguages(['pt', null])).toEqual(['pt', 'es']);
  });
});
