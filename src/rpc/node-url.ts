// The node URL as avatop takes it: http or https, optional credentials (sent as Basic auth, never shown), and an
// optional path prefix for a node behind a proxy.
import { AvatopError } from './errors';

export interface ParsedUrl {
  origin: string;
  basePath: string;
  authorization?: string;
  /** The URL without credentials, safe to show. */
  display: string;
}

export function parseNodeUrl(raw: string): ParsedUrl {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new AvatopError({
      short: `invalid URL: ${raw}`,
      hint: 'Pass the node URL like http://127.0.0.1:9650',
    });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new AvatopError({
      short: `unsupported URL scheme ${u.protocol}`,
      hint: 'Use http:// or https:// (avalanchego serves its API over HTTP, TLS with --http-tls-enabled).',
    });
  }
  let authorization: string | undefined;
  if (u.username || u.password) {
    const user = decodeURIComponent(u.username);
    const pass = decodeURIComponent(u.password);
    authorization = `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
  }
  const basePath = u.pathname.replace(/\/+$/, '');
  return { origin: u.origin, basePath, authorization, display: `${u.origin}${basePath}` };
}
