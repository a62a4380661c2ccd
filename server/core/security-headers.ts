import type { FastifyInstance } from 'fastify';

/**
 * The API's answers are never to be sniffed into another type: a download or an avatar is what its
 * Content-Type says, never HTML or script (docs/security.md "Security headers").
 */
export function installNosniff(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}

export interface WebHeadersOptions {
  /** The API's port: without `apiUrl` the apps call the page's own host name on it (common/tenant/tenant.ts). */
  apiPort: number;
  /** Public API address from the configuration (API_URL), if any. */
  apiUrl?: string | null;
  /** `sha256-…` of the inline scripts the pages carry (the runtime configuration written by server/web.ts). */
  scriptHashes?: string[];
}

/** A host name that may stand in a CSP source expression (no IPv6 literal, nothing that could end the header value). */
const HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The headers of every answer of the web origin (portal and back office), for a request that named `hostname`:
 * scripts only from the origin itself (plus the hashed runtime configuration), inline styles for MUI/emotion,
 * the API (same host name on API_PORT, and API_URL) for calls, images, videos and SCORM packages' frames, no framing, no sniffing and
 * no referrer towards other origins.
 */
export function webSecurityHeaders(opts: WebHeadersOptions): (hostname: string) => Record<string, string> {
  const configured = originOf(opts.apiUrl);
  const hashes = (opts.scriptHashes ?? []).map((h) => ` '${h}'`).join('');
  return (hostname) => {
    // a host-source without a scheme matches the page's own scheme (http here, https behind TLS)
    const api = [HOST.test(hostname) ? `${hostname.toLowerCase()}:${opts.apiPort}` : null, configured]
      .filter(Boolean)
      .map((s) => ` ${s}`)
      .join('');
    const csp = [
      "default-src 'self'",
      `script-src 'self'${hashes}`,
      "style-src 'self' 'unsafe-inline'",
      // https: news and material bodies and program logos may show images from other sites (server/modules/news cleanBody)
      `img-src 'self' data: blob: https:${api}`,
      `media-src 'self' blob:${api}`,
      `connect-src 'self'${api}`,
      // a SCORM package plays in a frame of the API's address (server/modules/scorm/content.ts: sandboxed, under a launch key)
      `frame-src 'self'${api}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    return {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    };
  };
}
