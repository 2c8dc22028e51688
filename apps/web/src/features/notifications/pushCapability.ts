import type { PushTokenSource } from '../../app/session/device';

/** How notifications stand on this device: on, off, refused in the browser or system, or impossible here. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/**
 * A push token source (used by sign-in and logout) that can also tell the settings screen how things
 * stand and ask for permission. Asking is the only thing that may prompt, and only on a click.
 */
export interface PushCapability extends PushTokenSource {
  state(): Promise<PushState>;
  /** Asks for permission to notify; answers the state it leads to before any subscription. */
  requestPermission(): Promise<PushState>;
}
