import helmet from 'helmet';

/**
 * Headers on every page and API answer. The built client loads only its own scripts, styles and fonts;
 * Material UI's emotion writes <style> elements at run time, hence 'unsafe-inline' for styles only (never
 * for scripts). Downloads and previews use blob: URLs. No page may be framed (clickjacking), no address
 * leaks through Referer (reset links carry a secret in the path), and HSTS only where the school serves
 * the app over https (PUBLIC_URL), since it cannot be undone for a year.
 */
export function securityHeaders(publicUrl: string) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}
