import { useTranslation } from 'react-i18next';
import { formatMinor } from '@patio/core/billing/money';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { Activity } from '@patio/core/schemas/activities';
import { dayText, scheduleLines } from './activityText';
import classes from './activities.module.css';

/** What a family weighs before a request: term, weekly schedule, place, places left, price and leader. */
export function ActivityFacts({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const price =
    activity.price === 0
      ? t('activities.card.free')
      : `${t('activities.card.perPeriod', { amount: formatMinor(activity.price, activity.currency, intlLocaleOf(language)) })}${
          activity.periods.length > 0 ? ` · ${t('activities.card.periods', { count: activity.periods.length })}` : ''
        }`;
  return (
    <dl className={classes.facts}>
      <div>
        <dt>{t('activities.card.schedule')}</dt>
        <dd>
          {scheduleLines(activity.schedule, language).map((line) => (
            <span key={line} className={classes.line}>
              {line}
            </span>
          ))}
          <span className={classes.muted}>{t('activities.card.term', { from: dayText(activity.termFrom, language), to: dayText(activity.termTo, language) })}</span>
        </dd>
      </div>
      {activity.place && (
        <div>
          <dt>{t('activities.card.place')}</dt>
          <dd>{activity.place}</dd>
        </div>
      )}
      <div>
        <dt>{t('activities.card.places')}</dt>
        <dd>{activity.placesLeft > 0 ? t('activities.card.placesLeft', { count: activity.placesLeft }) : t('activities.card.full')}</dd>
      </div>
      <div>
        <dt>{t('activities.card.price')}</dt>
        <dd>{price}</dd>
      </div>
      <div>
        <dt>{t('activities.card.leader')}</dt>
        <dd>{activity.leader.name}</dd>
      </div>
      {activity.route && (
        <div>
          <dt>{t('activities.card.route')}</dt>
          <dd>{activity.route.name}</dd>
        </div>
      )}
    </dl>
  );
}
