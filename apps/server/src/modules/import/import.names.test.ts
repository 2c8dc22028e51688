import { describe, expect, it } from 'vitest';
import { guessNameOrder, nameUnits, splitFullName, splitSurnames } from './import.names';

describe('names as class lists write them', () => {
  it('keeps compound surnames whole', () => {
    expect(nameUnits('Ana De la Torre Van der Berg')).toEqual(['Ana', 'De la Torre', 'Van der Berg']);
    expect(nameUnits('Ortega y Gasset López')).toEqual(['Ortega y Gasset', 'López']);
    expect(nameUnits('  da  Silva  ')).toEqual(['da Silva']);
  });

  it('splits "Apellidos" into the first and the second surname', () => {
    expect(splitSurnames('Pérez Gómez')).toEqual(['Pérez', 'Gómez']);
    expect(splitSurnames('De la Torre')).toEqual(['De la Torre', null]);
    expect(splitSurnames('Van der Berg')).toEqual(['Van der Berg', null]);
    expect(splitSurnames('De la Torre Martínez')).toEqual(['De la Torre', 'Martínez']);
    expect(splitSurnames('García de la Cruz')).toEqual(['García', 'de la Cruz']);
    expect(splitSurnames('Pérez-Gómez')).toEqual(['Pérez-Gómez', null]);
  });

  it('splits a full name in either order, and at a comma', () => {
    expect(splitFullName('Ana María Pérez Gómez', 'given-first')).toEqual({ firstName: 'Ana María', lastName: 'Pérez', lastName2: 'Gómez' });
    expect(splitFullName('Ana Pérez Gómez', 'given-first')).toEqual({ firstName: 'Ana', lastName: 'Pérez', lastName2: 'Gómez' });
    expect(splitFullName('Anna Van der Berg', 'given-first')).toEqual({ firstName: 'Anna', lastName: 'Van der Berg', lastName2: null });
    expect(splitFullName('PÉREZ GÓMEZ ANA MARÍA', 'family-first')).toEqual({ firstName: 'ANA MARÍA', lastName: 'PÉREZ', lastName2: 'GÓMEZ' });
    expect(splitFullName('De la Torre Ruiz, Juan Pablo', 'given-first')).toEqual({ firstName: 'Juan Pablo', lastName: 'De la Torre', lastName2: 'Ruiz' });
    expect(splitFullName('Ana', 'given-first')).toEqual({ firstName: 'Ana', lastName: '', lastName2: null });
  });

  it('guesses the order of a full-name column from its title and its cells', () => {
    expect(guessNameOrder('Apellidos y nombres', [])).toBe('family-first');
    expect(guessNameOrder('Nombres y apellidos', [])).toBe('given-first');
    expect(guessNameOrder('Nombre completo', ['Pérez, Ana', 'Ruiz, Luis', 'Eva Gómez'])).toBe('family-first');
    expect(guessNameOrder('Estudiante', ['Ana Pérez', 'Luis Ruiz'])).toBe('given-first');
  });
});
