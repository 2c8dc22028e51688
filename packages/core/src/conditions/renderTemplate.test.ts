import { describe, expect, it } from 'vitest';
import { renderTemplate, renderTemplates } from './renderTemplate';

const context = { person: { firstName: 'Ana', nickname: '', age: 9, tags: ['a', 'b'], home: { city: 'Cali' } }, org: 'demo' };

describe('renderTemplate', () => {
  const cases: Array<[string, string, string]> = [
    ['a path', 'Hola {{ person.firstName }}', 'Hola Ana'],
    ['no spaces', 'Hola {{person.firstName}}!', 'Hola Ana!'],
    ['several placeholders', '{{org}}/{{ person.age }}', 'demo/9'],
    ['missing path gives empty text', 'x{{ person.lastName }}y', 'xy'],
    ['blank value falls back', '{{ person.nickname || person.firstName }}', 'Ana'],
    ['literal fallback', "{{ person.lastName || 'amigo' }}", 'amigo'],
    ['double-quoted fallback', '{{ person.lastName || "a b" }}', 'a b'],
    ['number fallback', '{{ person.score || 0 }}', '0'],
    ['arrays are joined', '{{ person.tags }}', 'a, b'],
    ['objects give empty text', '[{{ person.home }}]', '[]'],
    ['unparseable expression is left as is', 'Total: {{ 1 + 2 }}', 'Total: {{ 1 + 2 }}'],
    ['code is never run', "{{ constructor.constructor('return 1')() }}", "{{ constructor.constructor('return 1')() }}"],
    ['unclosed braces stay', 'Hola {{ person.firstName', 'Hola {{ person.firstName'],
    ['empty expression is left as is', 'a {{ }} b', 'a {{ }} b'],
    ['text without placeholders', 'plain', 'plain'],
  ];
  it.each(cases)('%s', (_name, template, expected) => {
    expect(renderTemplate(template, context)).toBe(expected);
  });
});

describe('renderTemplates', () => {
  it('renders strings nested in objects and arrays and keeps other values', () => {
    const value = { url: '/people/{{ person.age }}', list: ['{{ org }}', 4], flag: true, none: null };
    expect(renderTemplates(value, context)).toEqual({ url: '/people/9', list: ['demo', 4], flag: true, none: null });
  });
});
