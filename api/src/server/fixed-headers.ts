import type { NextFunction, Request, RequestHandler, Response } from 'express';

// A middleware that only sets the same headers on every response (helmet with static options)
// is run once, at start, against a recording response; each request then gets the recorded
// headers in one step instead of a chain of a dozen middlewares. Anything else it does (reads
// the request, removes a header, calls next with an error or not at all) is refused at start,
// so a header that depends on the request can never be frozen by mistake.
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers: [string, string | number | readonly string[]][] = [];
  const refuse = (what: string) => {
    throw new Error(`fixedHeaders: the middleware ${what}; its headers are not fixed`);
  };
  const req = new Proxy({}, { get: () => refuse('reads the request') }) as Request;
  const res = new Proxy(
    {},
    {
      get: (_t, key) =>
        key === 'setHeader'
          ? (name: string, value: string | number | readonly string[]) => {
              headers.push([name, value]);
            }
          : refuse(`uses res.${String(key)}`),
    },
  ) as Response;
  let nexted = false;
  middleware(req, res, (err?: unknown) => {
    if (err) refuse('failed');
    nexted = true;
  });
  if (!nexted) refuse('did not call next at once');
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
