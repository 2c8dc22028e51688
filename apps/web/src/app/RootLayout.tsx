import { Outlet, ScrollRestoration } from 'react-router';
import { useHardwareBack } from './back/useHardwareBack';

/** Top of every screen: wires the mobile back button and restores scroll positions. */
export function RootLayout() {
  useHardwareBack();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
