/**
 * The security headers of every page and route (set by proxy.ts): a Content Security Policy that lets only
 * Next.js's own scripts run (each response's nonce; 'strict-dynamic' for the chunks they load), no
 * framing by another site, no MIME sniffing, no full URL in Referer. Styles may be inline: React's style
 * attributes (the confidence bar) and the toast library's need it, and a style cannot run code.
 */
export function securityHeaders(nonce: string, { development }: { development: boolean }): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": policy,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  };
}
