import { useTranslation } from 'react-i18next';
import type { GeoPosition } from '@patio/core/schemas/transport';
import { lastUpdateText, transportClasses } from '../transport';
import classes from './geo.module.css';

export interface LastUpdateProps {
  position: GeoPosition | null;
  /** Stale while its bus is out: the line turns to a warning, in words and colour. */
  isStale: boolean;
  now: number;
  language: string;
}

/** "Updated 2 minutes ago", or "… · No recent signal" once the position is stale. */
export function LastUpdate({ position, isStale, now, language }: LastUpdateProps) {
  const { t } = useTranslation();
  return (
    <p className={`${classes.lastUpdate} ${isStale ? transportClasses.stale : ''}`}>
      {lastUpdateText(t, position, now, language)}
      {isStale && <> · {t('transport.position.stale')}</>}
    </p>
  );
}
