import { useTranslation } from 'react-i18next';
import { isApproaching } from '@patio/core/transport/approach';
import type { RouteStop } from '@patio/core/schemas/transport';
import { Notice } from '../../ui/Notice';
import { etaText } from './transportText';
import { useApproachAlert } from './useApproachAlert';

/**
 * "The bus is approaching your stop", on the map at the same moment the server sends the alert
 * (the same rule of @patio/core), while the stop is still ahead on a running run.
 */
export function ApproachBanner({ routeId, stops, now, language }: { routeId: number; stops: RouteStop[]; now: number; language: string }) {
  const { t } = useTranslation();
  const alert = useApproachAlert(routeId).data;
  if (!alert || (alert.meters === null && alert.minutes === null)) return null;
  const stop = stops.find((s) => s.id === alert.stopId);
  if (!stop || stop.eta === null || stop.meters === null) return null;
  if (!isApproaching(alert, { eta: stop.eta, meters: stop.meters }, Math.floor(now / 1000))) return null;
  return <Notice>{t('transport.map.approaching', { stop: stop.name, eta: etaText(t, stop.eta, now, language) })}</Notice>;
}
