import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeWhenExpired, expiryOf } from './socket-expiry.ts';

const jwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

class FakeSocket extends EventEmitter {
  closed: [number, string] | null = null;
  close(code: number, reason: string) {
    this.closed = [code, reason];
    this.emit('close');
  }
}

describe('subscription connections end with their token', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reads exp from a raw or Bearer token and nothing from garbage', () => {
    expect(expiryOf(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
    expect(expiryOf(`Bearer ${jwt({ exp: 42 })}`)).toBe(42);
    expect(expiryOf('not-a-jwt')).toBeNull();
    expect(expiryOf('a.%%%.c')).toBeNull();
    expect(expiryOf(undefined)).toBeNull();
  });

  it('closes the socket with 4403 when the token expires, not before', () => {
    const socket = new FakeSocket();
    const exp = Date.now() / 1000 + 60;
    closeWhenExpired(socket, jwt({ exp }));
    vi.advanceTimersByTime(59_000);
    expect(socket.closed).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(socket.closed).toEqual([4403, 'Token expired']);
  });

  it('forgets the timer when the socket closes first', () => {
    const socket = new FakeSocket();
    closeWhenExpired(socket, jwt({ exp: Date.now() / 1000 + 60 }));
    socket.emit('close');
    vi.advanceTimersByTime(120_000);
    expect(socket.closed).toBeNull();
  });
});
