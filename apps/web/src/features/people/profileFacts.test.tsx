import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const sofia = {
  id: 4, firstName: 'Sofía', lastName: 'Pérez', lastName2: null, avatar: null, roles: ['student'],
  birthday: '2013-04-09',
  clinic: { bloodType: 'O+', weight: 38.5, height: 145.5, medicalInsurance: null },
};
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The value shown next to a profile label. */
function factOf(label: string): string {
  return plain(screen.getByText(label).closest('div')!.querySelector('dd')!.textContent);
}

describe('profile numbers and dates in the interface language', () => {
  it.each([
    ['es-CO', 'Peso', 'Estatura', 'Fecha de nacimiento', '38,5 kg', '145,5 cm', '9 de abril de 2013'],
    ['en', 'Weight', 'Height', 'Birthday', '38.5 kg', '145.5 cm', 'April 9, 2013'],
    ['de', 'Gewicht', 'Größe', 'Geburtsdatum', '38,5 kg', '145,5 cm', '9. April 2013'],
  ])('writes weight, height and birthday in %s', async (language, weight, height, birthday, kilos, centimetres, date) => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/4': { body: sofia } }).fetchMock);
    await renderApp({ path: '/person/4', session: { url: BASE, school: null, language, token: validToken(3) } });
    await screen.findByText(weight);
    expect(factOf(weight)).toBe(kilos);
    expect(factOf(height)).toBe(centimetres);
    expect(factOf(birthday)).toBe(date);
  });
});
