import { describe, expect, it } from 'vitest';
import { subjectFromBody } from './composeModel';
import { groupOfDraft, newCondition, shortcutDraft, shortcutOf, toAudienceRule } from './ruleModel';

describe('issue 33 compose helpers', () => {
  it('item 1: a group shortcut is a rule the builder can show, and is recognised back', () => {
    const families = shortcutDraft('families', '7');
    expect(toAudienceRule(families.draft)).toEqual({ field: 'familiesOf', op: 'eq', args: [7] });
    expect(families.relatives).toBe(false);
    expect(shortcutOf(families.draft, false)).toEqual({ shortcut: 'families', nodeId: '7' });
    // With the relatives switch on, the families rule reaches no one else, but it is no longer the shortcut.
    expect(shortcutOf(families.draft, true)).toBeNull();

    const both = shortcutDraft('studentsAndFamilies', '7');
    expect(toAudienceRule(both.draft)).toEqual({ op: 'and', args: [{ field: 'node', op: 'eq', args: [7] }, { field: 'role', op: 'eq', args: ['student'] }] });
    expect(shortcutOf(both.draft, true)).toEqual({ shortcut: 'studentsAndFamilies', nodeId: '7' });
    // The students alone, once the switch is off: not "students and families".
    expect(shortcutOf(both.draft, false)).toBeNull();
    expect(shortcutOf({ ...both.draft, match: 'or' }, true)).toBeNull();
  });

  it('item 1: the group a rule already names is offered', () => {
    expect(groupOfDraft(null)).toBe('');
    expect(groupOfDraft({ match: 'and', conditions: [newCondition('role'), { ...newCondition('node'), value: '12' }] })).toBe('12');
    expect(groupOfDraft({ match: 'and', conditions: [newCondition('node')] })).toBe('');
  });

  it('item 2: a missing subject is taken from the first words of the body', () => {
    expect(subjectFromBody('<p>Mañana&nbsp; no hay <strong>clase</strong></p><p>por la jornada pedagógica del colegio</p>')).toBe('Mañana no hay clase por la jornada pedagógica');
    expect(subjectFromBody('<p>Hola</p>')).toBe('Hola');
    expect(subjectFromBody('<p> </p><img src="x.png" alt="foto">')).toBe('');
    expect(subjectFromBody(`<p>${'a'.repeat(200)}</p>`)).toHaveLength(80);
    expect(subjectFromBody('<p>&lt;script&gt;alert(1)&lt;/script&gt; hola</p>')).toBe('<script>alert(1)</script> hola');
  });
});
