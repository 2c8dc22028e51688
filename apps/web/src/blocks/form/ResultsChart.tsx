import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormResults } from '@patio/core/schemas/blocks';
import { formatMeasure } from '@patio/core/format/numbers';
import classes from './form.module.css';

type FieldResult = FormResults['fields'][number];

/** The share a count has of `base`, in whole percent (0 when nobody answered). */
export function shareOf(count: number, base: number): number {
  return base > 0 ? Math.round((count / base) * 100) : 0;
}

export interface ResultsChartProps {
  field: FieldResult;
  title: string;
  /** Records of the whole form: a checkbox's share is of everyone who answered. */
  answered: number;
}

/**
 * Counts per choice of a list or a checkbox as horizontal bars. Every bar writes its choice, count and
 * share, so the chart reads the same to a screen reader, in high contrast and printed.
 */
export function ResultsChart({ field, title, answered }: ResultsChartProps) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  // A list's shares are of the people who picked something in it, so they add up to 100 %.
  const base = field.type === 'select' ? field.counts.reduce((sum, c) => sum + c.count, 0) : answered;
  return (
    <figure className={classes.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className={classes.chartTitle}>
        {title}
      </figcaption>
      <ul className={classes.bars}>
        {field.counts.map(({ option, count }, index) => {
          const share = shareOf(count, base);
          const name = field.type === 'checkbox' ? t('blocks.form.checked') : option;
          return (
            <li key={index}>
              <div className={classes.barLabel}>
                <span className={classes.barOption}>{name}</span>
                <span className={classes.barNumbers}>
                  {t('blocks.form.results.count', { count, share: formatMeasure(share, 'percent', i18n.language, { maximumFractionDigits: 0 }) })}
                </span>
              </div>
              <div className={classes.barTrack} aria-hidden="true">
                <div className={classes.barFill} style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
