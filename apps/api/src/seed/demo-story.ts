import { DEMO_MEMBERS, DEMO_USERS } from './demo-users.ts';
import type { DemoActors } from './demo-actors.ts';
import { DemoStage, type DemoPlan } from './demo-stage.ts';
import { playOnboarding } from './demo-onboarding.ts';
import { playLines } from './demo-lines.ts';
import { playAccounts } from './demo-bookkeeping.ts';
import { playInsurance } from './demo-insurance.ts';
import { playLeads } from './demo-leads.ts';
import { playNotificationsRead } from './demo-notifications.ts';

export type { DemoPlan } from './demo-stage.ts';

/**
 * The demo data set played by its users (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * the generators (supplier-book.ts, org-book.ts) plan the records and their outcomes; the story
 * makes every one of them through the product's operations, as the demo user whose part it is,
 * with the clock set to the day and hour each step happens. Nothing is written around the
 * operations: statuses, pricing, bookkeeping records, signed documents and the status history are
 * what the operations themselves produce.
 *
 * The acts: the organisations join (demo-onboarding.ts); the suppliers' lines and their
 * submissions, with the documents they send for signature and the bookkeeping after approval
 * (demo-lines.ts, demo-submissions.ts, demo-signing.ts, demo-bookkeeping.ts); the funders' other
 * bank movements; the credit insurance of some buyers (demo-insurance.ts); the steps whose
 * e-mails the running server is to send (`DemoStage.finale`); last, each user reads all but their
 * newest notifications (demo-notifications.ts).
 */
export async function playDemo(a: DemoActors, plan: DemoPlan): Promise<void> {
  const stage = new DemoStage(a, plan);
  await playOnboarding(stage);
  await playLines(stage);
  await playAccounts(stage);
  await playInsurance(stage);
  await playLeads(stage);
  for (const step of stage.finale) await step();
  await playNotificationsRead(stage);
  const [members] = await a.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_users WHERE email = ANY($1::text[]) AND password_hash IS NOT NULL',
    [DEMO_MEMBERS.map((m) => m.email)],
  );
  if (stage.joined !== DEMO_USERS.length || members?.n !== DEMO_MEMBERS.length)
    throw new Error('Not every demo user took part');
}
