import { useSyncExternalStore } from 'react';

/** Phones get the card preview; the wide table stays for tablets and desktops. */
const PHONE_QUERY = '(max-width: 47.99em)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** True on a phone-wide screen, following rotations and resizes. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
