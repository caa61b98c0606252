import { tokenOf } from '../auth/authenticate.ts';

/** What this module needs of a WebSocket (the `ws` socket of a subscription connection). */
export interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/** The `exp` claim (epoch seconds) of an already verified JWT, or null. */
export function expiryOf(authorization: string | undefined): number | null {
  const payload = tokenOf(authorization)?.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * A connection lives no longer than the token that opened it: at its expiry the socket is closed
 * with 4403, and the client reconnects with a fresh token (or, signed out or disabled, cannot).
 */
export function closeWhenExpired(socket: ClosableSocket, authorization: string | undefined): void {
  const exp = expiryOf(authorization);
  if (exp === null) return;
  const timer = setTimeout(
    () => socket.close(4403, 'Token expired'),
    Math.max(0, Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1)),
  );
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
