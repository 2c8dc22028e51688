import type { OutboundPolicy } from '../../platform/net/outbound-guard';
import type { SignInProvider } from '../settings/index';

/**
 * How far the server may reach for a provider's issuer (decision 020, issue 29). The operator's own
 * issuer (OIDC_*_ISSUER, used by schools on the server's client) is trusted as configured, loopback
 * or an internal address included. Any other issuer — above all one a school administrator typed —
 * reaches public https addresses only; OIDC_ALLOW_LOOPBACK_ISSUERS (tests) adds 127.0.0.1 and ::1.
 */
export function issuerPolicyOf(config: Pick<SignInProvider, 'ownIssuer' | 'fromEnvironment'>, allowLoopback: boolean): OutboundPolicy {
  if (config.ownIssuer === null && config.fromEnvironment) return { reach: 'private', plainHttp: 'loopback' };
  return { reach: allowLoopback ? 'loopback' : 'public', plainHttp: 'loopback' };
}
