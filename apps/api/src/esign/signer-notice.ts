import { DOCUMENTS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { requestIdsOf, type EnvelopeRow, type SignerRow } from './envelope-rows.ts';
import { AREA_BASE } from '../notifications/events.ts';
import { notify } from '../notifications/notify.ts';
import { userByEmail } from '../notifications/recipients.ts';

/**
 * A signer who is also a user of the platform sees the signing request in the app too
 * (docs/business-rules.md, “Notifications”), linking to the request; the personal signing link
 * itself stays in the e-mail, which is always sent.
 */
export async function tellSignerInApp(
  tx: Queryable,
  env: { readonly publicUrl: string },
  input: {
    envelope: Pick<EnvelopeRow, 'id' | 'kind' | 'summary'>;
    signer: Pick<SignerRow, 'email'>;
    at: Date;
  },
): Promise<void> {
  const user = await userByEmail(tx, input.signer.email);
  if (!user) return;
  const { envelope } = input;
  const [requestId] = await requestIdsOf(tx, envelope.id);
  await notify(
    tx,
    [{ ...user, email: null }],
    {
      event: 'envelope.sign',
      title: `Please sign: ${DOCUMENTS[envelope.kind].title} (${envelope.summary.supplier} / ${envelope.summary.buyer})`,
      body: `Your personal signing link was e-mailed to ${input.signer.email}.`,
      link: (r) => (requestId ? `${AREA_BASE[r.role]}/request/${requestId}` : null),
      record: requestId ? { model: 'Request', id: requestId } : null,
      email: null,
    },
    { at: input.at, publicUrl: env.publicUrl },
  );
}
