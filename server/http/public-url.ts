import type { Server } from 'node:http';
import type { Config } from '../config';

/**
 * The address links in mail point at. Never taken from a request header (Host, X-Forwarded-Host),
 * which whoever sends the request writes: PUBLIC_URL, or else the address this server listens on.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, server?: Server): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const address = server?.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const wildcard = ['0.0.0.0', '::', '', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}
