import { useCallback, useEffect, useState } from 'react';
import { registerDevice, unregisterDevice } from '../../app/session/device';
import { useServices } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';
import type { PushState } from './pushCapability';

/** Why turning on did not end in 'on', beyond the states themselves. */
/** noToken: the school has no push key; subscribe: the browser or its push service refused; error: our server or the network. */
export type PushFailure = 'noToken' | 'subscribe' | 'error' | null;

/** Notifications on this device: how they stand, and turning them on (asks permission, POSTs the device) or off. */
export function useBrowserPush() {
  const { push, api, storage } = useServices();
  const me = useSignedInId();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure>(null);

  useEffect(() => {
    let current = true;
    push.state().then(
      (found) => current && setState(found),
      () => current && setState('unsupported'),
    );
    return () => {
      current = false;
    };
  }, [push]);

  const turnOn = useCallback(async () => {
    if (me === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await push.requestPermission();
      if (answer !== 'on') {
        setState(answer);
        return;
      }
      // Permission is granted now, so the token source subscribes without asking again.
      const registered = await registerDevice(api, me, storage);
      setState(registered ? 'on' : 'off');
      if (!registered) setFailure('noToken');
    } catch (error) {
      // pushManager.subscribe rejects with a DOMException (AbortError, NotAllowedError…) when the
      // browser's push service will not take the subscription: not a connection problem of ours.
      setFailure(error instanceof DOMException ? 'subscribe' : 'error');
      setState(await push.state().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  }, [api, me, push, storage]);

  const turnOff = useCallback(async () => {
    if (me === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await unregisterDevice(api, me, storage);
      setState(await push.state());
    } finally {
      setBusy(false);
    }
  }, [api, me, push, storage]);

  return { state, busy, failure, turnOn, turnOff };
}
