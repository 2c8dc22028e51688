import type { TFunction } from 'i18next';
import { DEFAULT_TIME_ZONE, localDateOf } from '@patio/core/calendar/times';
import { formatTime } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { AttendanceType } from '@patio/core/schemas/attendance';
import { useSessionState } from '../../app/services';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The school's time zone (GET vue/settings, kept in the session); its default before it is known. */
export function useSchoolZone(): string {
  return useSessionState((s) => (typeof s.settings?.timeZone === 'string' && s.settings.timeZone) || DEFAULT_TIME_ZONE);
}

/** Today in the school's zone, 'YYYY-MM-DD' (a roll's day is the school's, not the phone's). */
export function todayIn(zone: string, now = Date.now()): string {
  return localDateOf(Math.floor(now / 1000), zone);
}

/** A day from the address: well formed and not after today, else today (spec: no roll of a future day). */
export function rollDayOf(param: string | null, today: string): string {
  return param && DAY.test(param) && param <= today ? param : today;
}

/** An epoch-seconds moment as a time of day in the school's zone. */
export function timeOfDay(epochSeconds: number, language: string | null, zone: string): string {
  return formatTime(epochSeconds * 1000, language, { timeZone: zone });
}

/** A 0–1 rate as a whole percentage in the interface language ('92 %'); a dash with no marks. */
export function percentOf(rate: number | null, language: string | null): string {
  return rate === null ? '—' : new Intl.NumberFormat(intlLocaleOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

export function typeLabel(t: TFunction, type: AttendanceType): string {
  return t(`attendance.types.${type}`);
}
