import type { NextFunction, Request, Response } from 'express';
import type { Context } from '../../core/context.js';
import { finishSsoCallback } from './sso.service.js';

// GET /auth/sso/:provider/callback — the identity provider's redirect back. Under /auth, so the
// refresh cookie it sets (Path=/auth) is the same one the web app's start-up refresh presents.
// `context` is the API's own request context (a guest one: the browser sends no access token).
export function ssoCallback(context: (args: { req: Request; res: Response }) => Promise<Context>) {
  return async (req: Request<{ provider: string }>, res: Response, next: NextFunction) => {
    try {
      const ctx = await context({ req, res });
      const location = await finishSsoCallback(ctx, req.params.provider, req);
      res.set('Cache-Control', 'no-store');
      res.redirect(303, location);
    } catch (err) {
      next(err);
    }
  };
}
