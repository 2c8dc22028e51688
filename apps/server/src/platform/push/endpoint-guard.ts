import type { Agent } from 'node:http';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

// A Web Push endpoint is an address a browser handed us, so anyone who can register a device can
// choose it. Before the server posts there: https only, and every connection goes through
// request-filtering-agent, which refuses loopback, private, link-local, CGNAT, multicast, IPv6
// unique-local and IPv4-mapped addresses after DNS resolution, so a name that resolves inwards (or
// rebinds between checks) gets nowhere. PUSH_ALLOW_INSECURE_ENDPOINTS lifts both rules for tests.

/** The endpoint as a URL when it may be posted to (scheme and form only; addresses are the agent's). */
export function endpointUrlOf(endpoint: string, allowInsecure: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}

export interface EndpointAgents {
  agentFor(url: URL): Agent;
}

/** Connection pools that refuse non-public addresses; kept alive because most endpoints share a few push services. */
export function createEndpointAgents(allowInsecure: boolean): EndpointAgents {
  const options = { allowPrivateIPAddress: allowInsecure, keepAlive: true, maxSockets: 16 };
  const https = new RequestFilteringHttpsAgent(options);
  const http = new RequestFilteringHttpAgent(options);
  return { agentFor: (url) => (url.protocol === 'https:' ? https : http) };
}

/** Whether a request failed because the agent refused the endpoint's address. */
export function isAddressRefusal(err: unknown): boolean {
  // request-filtering-agent reports a refusal only through the message of a plain Error.
  return err instanceof Error && /^DNS lookup .* is not allowed\./.test(err.message);
}
