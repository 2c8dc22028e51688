import { useTranslation } from 'react-i18next';
import { ATTENDANCE_TYPES } from '@patio/core/schemas/attendance';
import type { Counters } from './rollModel';
import { TYPE_ICONS } from './typeIcons';
import classes from './attendance.module.css';

/** Present / absent / late (and excused, once there is one) of the whole roll. */
export function RollCounters({ counters }: { counters: Counters }) {
  const { t } = useTranslation();
  const shown = ATTENDANCE_TYPES.filter((type) => type !== 'excused' || counters.excused > 0);
  return (
    <dl className={classes.counters} aria-label={t('attendance.counters.label')}>
      {shown.map((type) => {
        const Icon = TYPE_ICONS[type];
        return (
          <div key={type} className={classes.counter} data-type={type}>
            <dt>
              <Icon size={16} aria-hidden="true" />
              {t(`attendance.counters.${type}`)}
            </dt>
            <dd>{counters[type]}</dd>
          </div>
        );
      })}
    </dl>
  );
}
