import type { TFunction } from 'i18next';
import type { RouteLogEntry } from '@patio/core/schemas/transport';

/** One line of the route log in words: "Ana Díaz boarded at Calle 80", "Delay of 10 minutes reported". */
export function logEntryText(t: TFunction, entry: RouteLogEntry): string {
  const values = { person: entry.person?.name ?? t('transport.log.someone'), stop: entry.stop?.name ?? '', count: entry.minutes ?? 0 };
  switch (entry.kind) {
    case 'started':
      return t('transport.log.kinds.started');
    case 'finished':
      return t('transport.log.kinds.finished');
    case 'stop_reached':
      return t('transport.log.kinds.stopReached', values);
    case 'boarded':
      return entry.stop ? t('transport.log.kinds.boardedAt', values) : t('transport.log.kinds.boarded', values);
    case 'dropped':
      return entry.stop ? t('transport.log.kinds.droppedAt', values) : t('transport.log.kinds.dropped', values);
    case 'delayed':
      return t('transport.log.kinds.delayed', values);
  }
}
