import type { Database } from '../db/database.ts';
import { forgetUserTokenState, USER_CHANGED_CHANNEL } from '../auth/user-state.ts';
import type { ClosableSocket } from './socket-expiry.ts';
import type { Authenticate } from './route.ts';

/** Open sockets one user may hold on one replica (one per tab or device). */
export const MAX_SOCKETS_PER_USER = 10;
/** Subscriptions one socket may hold (the web app holds three per model it reads). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 200;

/** The close code of a socket whose session ended, expired or was never valid. */
export const SESSION_ENDED = 4403;

interface OpenSocket {
  readonly socket: ClosableSocket;
  readonly token: string;
}

/**
 * The open WebSocket connections by user
 * (docs/architecture.md, “Sessions, limits and enumeration”): the session of each is checked again
 * on every operation, and when a user's sessions, tokens or status change (sign-out everywhere,
 * disable, a revoked group) every replica hears it and closes that user's sockets whose token no
 * longer passes, within the time a notification takes.
 */
export class SocketSessions {
  private readonly bySub = new Map<string, Set<OpenSocket>>();
  private stop: (() => Promise<void>) | null = null;

  private constructor(private readonly authenticate: Authenticate) {}

  static async start(db: Database, authenticate: Authenticate): Promise<SocketSessions> {
    const sessions = new SocketSessions(authenticate);
    sessions.stop = await db.listen(USER_CHANGED_CHANNEL, (sub) => {
      forgetUserTokenState(sub);
      void sessions.recheck(sub);
    });
    return sessions;
  }

  /** Registers the socket of `sub`; false when the user already holds MAX_SOCKETS_PER_USER. */
  open(socket: ClosableSocket, sub: string, token: string): boolean {
    const open = this.bySub.get(sub) ?? new Set<OpenSocket>();
    if (open.size >= MAX_SOCKETS_PER_USER) return false;
    const entry = { socket, token };
    open.add(entry);
    this.bySub.set(sub, open);
    socket.once('close', () => {
      open.delete(entry);
      if (!open.size && this.bySub.get(sub) === open) this.bySub.delete(sub);
    });
    return true;
  }

  /** Whether the token that opened a socket still passes: signature, expiry, session, user. */
  async stillValid(token: string): Promise<boolean> {
    try {
      return (await this.authenticate(token)) !== null;
    } catch {
      return false;
    }
  }

  /** Closes the sockets of `sub` whose session ended. */
  async recheck(sub: string): Promise<void> {
    for (const entry of [...(this.bySub.get(sub) ?? [])])
      if (!(await this.stillValid(entry.token))) entry.socket.close(SESSION_ENDED, 'Session ended');
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
