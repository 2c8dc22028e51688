import { useTranslation } from 'react-i18next';
import type { Import, ImportPreviewPerson } from '@patio/core/schemas/import';
import { describeRowError, problemsByRow } from './rowProblems';
import classes from './import.module.css';

type Translate = ReturnType<typeof useTranslation>['t'];

function fullName(person: ImportPreviewPerson): string {
  return [person.firstName, person.lastName, person.lastName2].filter(Boolean).join(' ');
}

/** The facts of one person that the row fills, as label → value. */
function factsOf(t: Translate, person: ImportPreviewPerson): [string, string][] {
  const facts: [string, string | null][] = [
    [t('import.fields.document'), person.document],
    [t('import.fields.birthday'), person.birthday],
    [t('import.fields.gender'), person.gender ? t(`person.${person.gender}`) : null],
    [t('import.fields.email'), person.email],
    [t('import.fields.mobile'), person.mobile],
  ];
  return facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/**
 * The phone preview: one card per row with the student and relative as they will be imported,
 * and the row's problems (then its warnings) right under it.
 */
export function ImportCards({ draft }: { draft: Import }) {
  const { t } = useTranslation();
  const errorsByRow = problemsByRow(draft.errors);
  const warningsByRow = problemsByRow(draft.warnings ?? []);
  return (
    <ol className={classes.cards} aria-label={t('import.cardsLabel')}>
      {draft.preview.map(({ row, student, relative }) => {
        const errors = errorsByRow.get(row) ?? [];
        const warnings = warningsByRow.get(row) ?? [];
        return (
          <li key={row} className={errors.length > 0 ? `${classes.card} ${classes.cardError}` : classes.card}>
            <p className={classes.cardTitle}>
              <span className={classes.rowNumber}>
                {t('import.row')} {row}
              </span>{' '}
              {fullName(student) || '—'}
            </p>
            <dl className={classes.cardFacts}>
              {factsOf(t, student).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
              {relative && (
                <div>
                  <dt>{t('import.relative')}</dt>
                  <dd>
                    {fullName(relative) || '—'}
                    {relative.kind ? ` (${t(`kinds.${relative.kind}`)})` : ''}
                    {relative.document ? ` · ${relative.document}` : ''}
                  </dd>
                </div>
              )}
            </dl>
            {errors.length > 0 && (
              <ul className={classes.errorList} aria-label={t('import.rowProblems', { row })}>
                {errors.map((error, i) => (
                  <li key={i}>{describeRowError(t, error)}</li>
                ))}
              </ul>
            )}
            {warnings.length > 0 && (
              <ul className={classes.warningList} aria-label={t('import.rowWarnings', { row })}>
                {warnings.map((warning, i) => (
                  <li key={i}>{describeRowError(t, warning)}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
