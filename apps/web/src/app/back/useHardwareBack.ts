import { useEffect } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { exitApp, onHardwareBack } from '../platform/capacitor';
import type { RouteHandle } from '../routeHandle';
import { currentBackHandler } from './backHandlers';
import { decideBack } from './decideBack';

/** Wires the Capacitor back button to the spec §2 rules; nothing happens on the plain web. */
export function useHardwareBack(): void {
  const matches = useMatches();
  const navigate = useNavigate();
  const exitOnBack = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.exitOnBack === true;

  useEffect(
    () =>
      onHardwareBack(() => {
        const action = decideBack({ pageHandler: currentBackHandler(), exitOnBack });
        if (action === 'exit') exitApp();
        else if (action === 'back') void navigate(-1);
      }),
    [exitOnBack, navigate],
  );
}
