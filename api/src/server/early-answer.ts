import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

// How long a connection closing after an early answer keeps reading what the client still sends.
export const LINGER_MS = 30_000;

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

// An answer can leave before its request's body has all arrived: an upload refused for its size
// is answered while the rest of the file is on its way, and what was reading it (the multipart
// parser, the file's buffer, released with the answer) stops. Left there, the rest stalls the
// connection, and the client's next request on it fails. Such an answer says Connection: close,
// and the connection closes as HTTP asks (RFC 9112 §9.6): our side first, then whatever the client
// still sends is read and dropped until it closes too, so a client still sending is never reset
// before it has read the answer.
export function closeAfterEarlyAnswer(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete) {
      this.setHeader('Connection', 'close');
      lingerOnClose(req);
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  next();
}

// Node ends a Connection: close answer with socket.destroySoon(), which resets a client still
// sending: this socket half-closes instead and drops the rest of the body.
function lingerOnClose(req: Request) {
  const socket: Socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    req.unpipe();
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}
