import type { FastifyRequest } from 'fastify';

/**
 * The origin of links the server writes (sign-in links, mails, directory answers). PUBLIC_URL when
 * set; otherwise the request's Host (or a trusted X-Forwarded-Host), but only a host listed in
 * ALLOWED_HOSTS when that is set, so a forged Host cannot point a mailed link at another site.
 */
export function originOf(request: FastifyRequest): string {
  const { publicUrl, allowedHosts } = request.server.patio.config;
  if (publicUrl) return publicUrl;
  const host = request.host.toLowerCase();
  if (!allowedHosts || allowedHosts.includes(host)) return `${request.protocol}://${host}`;
  return `${request.protocol}://${allowedHosts[0]}`;
}
