/** One zone in the picker: its IANA name and a label with its current UTC offset. */
export interface TimeZoneOption {
  value: string;
  label: string;
}

function offsetOf(timeZone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Every zone this browser knows, with today's offset ("Europe/Madrid (GMT+01:00)") so a school can
 * find its own by city or by offset; `current` is kept even when the browser does not list it.
 */
export function timeZoneOptions(current: string | null, at = new Date()): TimeZoneOption[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((value) => {
    const offset = offsetOf(value, at);
    return { value, label: offset ? `${value.replaceAll('_', ' ')} (${offset})` : value.replaceAll('_', ' ') };
  });
}
