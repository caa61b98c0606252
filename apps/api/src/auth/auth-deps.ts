import type { AppContext } from '../app-context.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { mailAfterAnswer, type MailAfterAnswer } from './code-delivery.ts';
import { createTokenVerifier, type VerifiedToken } from './authenticate.ts';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './throttle.ts';

/** Test seams: a clock to move time without sleeping, a mailer, the throttle schedule. */
export interface AuthOptions {
  readonly now?: () => Date;
  readonly mailer?: Mailer;
  readonly throttle?: Partial<ThrottleOptions>;
}

/** What every use case of the user pool is built from. */
export interface AuthDeps extends AppContext {
  /** The pool's own e-mails (codes), sent after the answer. */
  readonly mail: MailAfterAnswer;
  readonly now: () => Date;
  readonly throttle: ThrottleOptions;
  readonly verifyToken: (authorization: string | undefined) => Promise<VerifiedToken | null>;
}

export function createAuthDeps(ctx: AppContext, options: AuthOptions = {}): AuthDeps {
  const now = options.now ?? (() => new Date());
  return {
    ...ctx,
    mail: mailAfterAnswer(options.mailer ?? createMailer(ctx)),
    now,
    throttle: { ...DEFAULT_THROTTLE, ...options.throttle },
    verifyToken: createTokenVerifier(ctx, { now }),
  };
}
