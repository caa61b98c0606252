import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActorText, auditChangeTexts, auditModelLabel } from './audit-text.ts';

/** How the audit trail reads on screen (docs/architecture.md, “Audit trail”). */
describe('audit trail words', () => {
  it('names plain writes, sessions and declared operations', () => {
    expect(auditActionLabel('update')).toBe('Changed');
    expect(auditActionLabel('signInFailed')).toBe('Sign-in failed');
    expect(auditActionLabel('approveDirector')).toBe('Approve');
    expect(auditActionLabel('somethingNew')).toBe('somethingNew');
    expect(auditModelLabel('User')).toBe('user account');
    expect(auditActionLabel('uploadFile')).toBe('Uploaded a file');
    expect(auditActionLabel('signInLocked')).toBe('Sign-in refused: locked');
    expect(auditModelLabel('File')).toBe('uploaded file');
  });

  it('shows each change in the registry’s words and formats, before → after', () => {
    expect(
      auditChangeTexts('Buyer', [
        { field: 'buyer_loan_request_amount', old: null, new: '750000' },
        { field: 'userId', old: null, new: 'org-1' },
      ]),
    ).toEqual([
      expect.objectContaining({ field: 'buyer_loan_request_amount', before: '—', after: '750,000.00' }),
      expect.objectContaining({ field: 'userId', label: 'Owner organisation', before: '—', after: 'org-1' }),
    ]);
    expect(auditChangeTexts('User', [{ field: 'groups', old: [], new: ['Investor'] }])).toEqual([
      expect.objectContaining({ field: 'groups', label: 'Role groups', before: 'none', after: 'Investor' }),
    ]);
    expect(
      auditChangeTexts('User', [
        { field: 'password', old: null, new: '•••• changed' },
        { field: 'emailVerified', old: false, new: true },
      ]),
    ).toEqual([
      expect.objectContaining({ label: 'Password', before: '—', after: '•••• changed' }),
      expect.objectContaining({ label: 'E-mail verified', before: 'No', after: 'Yes' }),
    ]);
    // A secret arrives masked and stays as it came.
    expect(
      auditChangeTexts('Plaidauth', [{ field: 'accessToken1', old: '••••', new: '•••• changed' }])[0],
    ).toMatchObject({ before: '••••', after: '•••• changed' });
  });

  it('says who acted, or that nobody known did', () => {
    expect(auditActorText({ actorSub: 's', actorName: 'Ada Admin', actorRole: 'Admin' })).toBe(
      'Ada Admin (Admin)',
    );
    expect(auditActorText({ actorSub: 's', actorName: null, actorRole: 'Spv' })).toBe('A user (SPV)');
    expect(auditActorText({ actorSub: null, actorName: 'Platform', actorRole: null })).toBe('Platform');
    expect(auditActorText({ actorSub: null, actorName: null, actorRole: null })).toBe('Unknown user');
  });
});
