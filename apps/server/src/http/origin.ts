import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The origin of every link that leaves in a mail or is handed to someone else to open (verification,
 * password reset, invitation, sign-in link, notification and digest mails): PUBLIC_URL, else this
 * server on localhost in development (production refuses to start without PUBLIC_URL). Never the
 * request's Host: a forged Host would otherwise point a reset link at another site, which then
 * receives the token when the victim clicks.
 */
export function linkOrigin(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port || 8080}`;
}

/**
 * The origin of addresses answered to the requester itself (directory answers, calendar and share
 * addresses, the single sign-on redirect the provider checks against its registered list): PUBLIC_URL
 * when set; otherwise the request's Host (or a trusted X-Forwarded-Host), but only a host listed in
 * ALLOWED_HOSTS when that is set, so an address still works when opened from another device on the
 * network. Links in mails use linkOrigin instead.
 */
export function originOf(request: FastifyRequest): string {
  const { publicUrl, allowedHosts } = request.server.patio.config;
  if (publicUrl) return publicUrl;
  const host = request.host.toLowerCase();
  if (!allowedHosts || allowedHosts.includes(host)) return `${request.protocol}://${host}`;
  return `${request.protocol}://${allowedHosts[0]}`;
}
