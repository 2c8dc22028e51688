import { describe, expect, it } from 'vitest';
import { gradeText, nextToReview, parseGrade } from './reviewModel';
import { line, person } from './teaching.fixtures';

describe('the review of a submission', () => {
  it('item 2: reads a grade with a comma or a point, from 0 to the points; empty is no grade', () => {
    expect(parseGrade('9,5', 10)).toEqual({ grade: 9.5 });
    expect(parseGrade(' 10 ', 10)).toEqual({ grade: 10 });
    expect(parseGrade('0', 10)).toEqual({ grade: 0 });
    expect(parseGrade('', 10)).toEqual({ grade: null });
    expect(parseGrade('10.5', 10)).toEqual({ problem: 'gradeOutOfRange' });
    expect(parseGrade('-1', 10)).toEqual({ problem: 'badGrade' });
    expect(parseGrade('9/10', 10)).toEqual({ problem: 'badGrade' });
    expect(parseGrade('1e3', null)).toEqual({ problem: 'badGrade' });
    expect(parseGrade('250', null)).toEqual({ grade: 250 });
    expect(gradeText(9.5, 'es-CO')).toBe('9,5');
    expect(gradeText(9.5, 'en')).toBe('9.5');
    expect(gradeText(null, 'es-CO')).toBe('');
  });

  it('item 2: the next work to review comes after the current one, round to the start, never the current one', () => {
    const lines = [
      line(person(1, 'A', 'A'), { status: 'turned_in' }),
      line(person(2, 'B', 'B'), { status: 'returned' }),
      line(person(3, 'C', 'C'), { status: 'missing' }),
      line(person(4, 'D', 'D'), { status: 'late' }),
    ];
    expect(nextToReview(lines, null)).toBe(1);
    expect(nextToReview(lines, 1)).toBe(4);
    expect(nextToReview(lines, 4)).toBe(1);
    expect(nextToReview(lines, 2)).toBe(4);
    expect(nextToReview([lines[0]!, lines[1]!], 1)).toBeNull();
  });
});
