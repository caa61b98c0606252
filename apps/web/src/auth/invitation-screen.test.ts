import { describe, expect, it } from 'vitest';
import { RequestError } from '../shared/errors.ts';
import { InvitationError, invitationErrorMessage } from './invitation-screen.tsx';

describe('invitationErrorMessage', () => {
  it("keeps the server's explanation of the invitation or the password", () => {
    const used = new InvitationError({
      message: 'That code is not right.',
      status: 400,
      code: 'CodeMismatchException',
      serverMessage: 'This invitation link is not valid or has already been used. Ask for a new invitation.',
    });
    expect(invitationErrorMessage(used)).toMatch(/already been used/);
    const weak = new InvitationError({
      message: 'This password is not accepted.',
      status: 400,
      code: 'InvalidPasswordException',
      serverMessage: 'Password did not conform with policy: this password is too common and easy to guess',
    });
    expect(invitationErrorMessage(weak)).toBe(
      'This password is not accepted: this password is too common and easy to guess',
    );
  });
  it('falls back to the mapped words', () => {
    const expired = new RequestError({
      message: 'x',
      url: '/auth/accept-invitation',
      status: 400,
      code: 'ExpiredCodeException',
    });
    expect(invitationErrorMessage(expired)).toMatch(/expired/);
    expect(invitationErrorMessage(new InvitationError({ message: 'Down', status: 503 }))).toBe('Down');
  });
});
