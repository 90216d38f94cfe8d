import type { Context } from './context.js';

// Links in emails point at the web app: PUBLIC_URL, or the URL the server printed at start —
// never the request's Host header, which a caller controls.
export function publicUrl(ctx: Context): string {
  return ctx.services.publicUrl;
}
