import { Outlet, ScrollRestoration } from 'react-router';
import { useHardwareBack } from './back/useHardwareBack';
import { useDocumentTitle } from './useDocumentTitle';

/** Top of every screen: wires the mobile back button, names the browser tab and restores scroll positions. */
export function RootLayout() {
  useHardwareBack();
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
