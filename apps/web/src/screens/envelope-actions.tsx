import { Button } from '@mui/material';
import { useState } from 'react';
import { notify } from '../shared/errors.ts';
import { envelopeRefusal, useEnvelopeAction, type Envelope } from '../entity/envelope-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { adminSteps, pendingSigner } from './envelope-states.ts';

const reasonCheck = (text: string) => (text.trim() ? null : 'Say why the envelope is voided.');

/**
 * An administrator's steps on an envelope (a request's, or the envelopes list's)
 * (docs/business-rules.md, “Signing the financing documents”): "Send reminder" (a new link to the
 * pending signer now) and "Void" (with a reason) while it is out; "Send new envelope" in place of a
 * voided, declined or expired one.
 */
export function EnvelopeActions({ envelope, replaced }: { envelope: Envelope; replaced: boolean }) {
  const run = useEnvelopeAction();
  const [dialog, setDialog] = useState<'void' | 'resend' | null>(null);
  const steps = adminSteps(envelope, replaced);
  const pending = pendingSigner(envelope);
  if (!steps.remind && !steps.void && !steps.resend) return null;

  const remind = async () => {
    try {
      await run.mutateAsync({ name: 'remindSigner', id: envelope.id });
      notify(`A new link was sent to ${pending?.name ?? 'the pending signer'}.`);
    } catch (err) {
      notify(envelopeRefusal(err), 'error');
    }
  };

  return (
    <>
      {steps.remind && (
        <Button variant="outlined" size="small" disabled={run.isPending} onClick={() => void remind()}>
          Send reminder
        </Button>
      )}
      {steps.void && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          disabled={run.isPending}
          onClick={() => setDialog('void')}
        >
          Void
        </Button>
      )}
      {steps.resend && (
        <Button variant="contained" size="small" disabled={run.isPending} onClick={() => setDialog('resend')}>
          Send new envelope
        </Button>
      )}
      {dialog === 'void' && (
        <ConfirmDialog
          title={`Void the ${envelope.label}`}
          explain="The envelope stops: its links no longer sign, and nothing signed in it so far counts. You can send a new envelope afterwards."
          confirm="Void"
          tone="error"
          reason={{
            label: 'Reason',
            help: 'Recorded in the envelope’s audit trail and shown with its state.',
            check: reasonCheck,
          }}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await run.mutateAsync({ name: 'voidEnvelope', id: envelope.id, reason });
            } catch (err) {
              throw new Error(envelopeRefusal(err));
            }
            notify(`The ${envelope.label} envelope was voided.`);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'resend' && (
        <ConfirmDialog
          title={`Send a new ${envelope.label} envelope`}
          explain={`A new envelope takes the place of this ${envelope.status.toLowerCase()} one, for the same requests, with the signers as the requests name them now. The first signer gets an e-mail with a new link; the old links stay closed.`}
          confirm="Send new envelope"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await run.mutateAsync({ name: 'resendEnvelope', id: envelope.id });
            } catch (err) {
              throw new Error(envelopeRefusal(err));
            }
            notify(`A new ${envelope.label} envelope was sent.`);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
