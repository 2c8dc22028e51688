import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITION_REPORT_INTERVAL_MS } from '@patio/core/constants';
import type { PositionReport } from '@patio/core/schemas/transport';
import { useServices, useSessionState } from '../../../app/services';
import { createReportQueue, outcomeOfError, storedReportCount, type ReportQueue, type ReportQueueState, type SendOutcome } from './reportQueue';
import { createThrottle, isNewEnough } from './reportThrottle';
import { isBlockingLocationError, type LocationErrorKind } from './locationErrors';
import { findPositionSource } from './findPositionSource';
import { useLocationPermission, type TrackerPermission } from './trackerPermission';
import { useWakeLock } from './useWakeLock';

export interface TrackerOptions {
  targetId: number;
  /** The server takes reports only while the target's route has a run on (409 run_not_started). */
  isRunning: boolean;
  /** The caller may report positions for the target (driver, monitor, staff). */
  canReport: boolean;
}

export interface Tracker {
  /** spec §4: the position tracker is enabled or disabled (kept per target on this device). */
  enabled: boolean;
  setEnabled(on: boolean): void;
  /** Whether this device is sending now: enabled, allowed, and a run is on. */
  isWatching: boolean;
  permission: TrackerPermission;
  /** Opens the phone's settings for Patio, where a refused location is allowed again; null on the web. */
  openSettings: (() => void) | null;
  error: LocationErrorKind | null;
  queue: ReportQueueState;
  lastFix: PositionReport | null;
  /** Sends what is still queued (before finishing a run). */
  flush(): Promise<void>;
}

/** Where a target's queue and switch are kept: per school, as ids of two schools may meet on one phone. */
export const trackerStorageKey = (school: string, targetId: number, part: 'queue' | 'enabled') => `patio.tracker.${school}.${targetId}.${part}`;

/**
 * The driver's tracker (spec §4, §9; issue 13): watches the position while the switch is on and a run
 * is on — in the app with its background location (spec §1), else with the browser's and the §9
 * options — reports at most one fix per 2 s, and queues reports while offline.
 */
export function useTracker({ targetId, isRunning, canReport }: TrackerOptions): Tracker {
  const { api, storage } = useServices();
  const { t } = useTranslation();
  const backgroundTitle = t('geo.tracking.backgroundTitle');
  const backgroundMessage = t('geo.tracking.backgroundMessage');
  const source = useMemo(() => findPositionSource({ title: backgroundTitle, message: backgroundMessage }), [backgroundTitle, backgroundMessage]);
  const school = useSessionState((s) => s.school?.code ?? 'school');
  const enabledKey = trackerStorageKey(school, targetId, 'enabled');
  const [enabled, setEnabledState] = useState(() => storage.getItem(enabledKey) === '1');
  // The browser's Permissions API says nothing about the app's own location permission.
  const [permission, setPermission] = useLocationPermission(source?.kind !== 'native');
  const [error, setError] = useState<LocationErrorKind | null>(null);
  const [lastFix, setLastFix] = useState<PositionReport | null>(null);
  const queueKey = trackerStorageKey(school, targetId, 'queue');
  const [queueState, setQueueState] = useState<ReportQueueState>(() => ({ queued: storedReportCount(storage, queueKey), lastSentAt: null, problem: null }));
  const queueRef = useRef<ReportQueue | null>(null);
  const isWatching = enabled && isRunning && canReport && source !== null;

  // A browser stops reporting when the screen locks, so the screen is kept on; the app's background
  // location goes on in a pocket, where a lit screen would only drain the battery.
  useWakeLock(isWatching && source?.kind === 'browser');

  useEffect(() => {
    const path = `geo/targets/${targetId}/position`;
    const queue = createReportQueue({
      storage,
      key: queueKey,
      send: (report) => api.post(path, report).then((): SendOutcome => 'sent', outcomeOfError),
      onChange: setQueueState,
    });
    queueRef.current = queue;
    // Reports left from an earlier visit (the app was closed offline) go first.
    void queue.flush();
    const retry = () => void queue.retryNow();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      queue.dispose();
      queueRef.current = null;
    };
  }, [api, storage, queueKey, targetId]);

  useEffect(() => {
    if (!isWatching || !source) return undefined;
    let lastQueued: PositionReport | null = null;
    const throttle = createThrottle<PositionReport>(POSITION_REPORT_INTERVAL_MS, (report) => {
      if (!isNewEnough(report, lastQueued, POSITION_REPORT_INTERVAL_MS)) return;
      lastQueued = report;
      queueRef.current?.add(report);
    });
    // A fix in the app means the phone reports in the background too: "granted" (always) of spec §4.
    const granted: TrackerPermission = source.kind === 'native' ? 'granted' : 'grantedWhenInUse';
    const stop = source.watch({
      onFix(report) {
        setError(null);
        setLastFix(report);
        setPermission((current) => (current === 'granted' ? current : granted));
        throttle.push(report);
      },
      onError(kind) {
        setError(kind);
        if (isBlockingLocationError(kind)) {
          setPermission('denied');
          setEnabledState(false);
          storage.removeItem(enabledKey);
        }
      },
    });
    return () => {
      stop();
      throttle.cancel();
    };
  }, [isWatching, source, storage, enabledKey, setPermission]);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (on && !source) {
        setError('unsupported');
        return;
      }
      setError(null);
      setEnabledState(on);
      if (on) storage.setItem(enabledKey, '1');
      else storage.removeItem(enabledKey);
    },
    [source, storage, enabledKey],
  );

  const flush = useCallback(() => queueRef.current?.flush() ?? Promise.resolve(), []);

  const openSettings = source?.openSettings ?? null;

  return { enabled, setEnabled, isWatching, permission, openSettings, error, queue: queueState, lastFix, flush };
}
