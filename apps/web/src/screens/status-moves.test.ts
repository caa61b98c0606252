import { describe, expect, it } from 'vitest';
import { ROLES } from '@rf/domain/roles';
import { availableTransitions, STATUS_MACHINES } from '@rf/domain/status/machines';
import { formFieldsOf } from '../entity/entity-form.tsx';
import { changeStatusVariables } from '../entity/status-api.ts';
import { actionOfEntry, checkMoveInput, movesFor } from './status-moves.ts';

const actions = (ms: { action: string }[]) => ms.map((m) => m.action);

describe('status moves (business-rules §2)', () => {
  it('offers exactly the machine’s available transitions for every role and state', () => {
    for (const machine of STATUS_MACHINES) {
      const states = new Set([machine.initial, ...machine.transitions.flatMap((t) => [...t.from, t.to])]);
      for (const role of ROLES) {
        for (const state of states) {
          const record = { id: 'x', [machine.field]: state };
          const offered = movesFor(machine.model, record, role, [machine.field]);
          expect(offered.map((m) => `${m.to}:${m.action}`)).toEqual(
            availableTransitions(machine, state, role).map((t) => `${t.to}:${t.action}`),
          );
        }
      }
    }
  });

  it('gives investors and SPVs approve and decline on a pending line, the limit dialog and a required reason', () => {
    const line = { id: 'b', buyer_status: 'Investor Offer Pending' };
    for (const role of ['Investor', 'Spv'] as const) {
      const moves = movesFor('Buyer', line, role);
      expect(actions(moves)).toEqual(['Approve line', 'Decline line']);
      expect(moves[0]).toMatchObject({ kind: 'approveLine', tone: 'success', to: 'Approved' });
      expect(moves[1]).toMatchObject({ kind: 'reason', commentRequired: true, tone: 'error' });
    }
    expect(actions(movesFor('Buyer', line, 'Admin'))).toEqual(['Approve line', 'Decline line', 'Reopen']);
    expect(movesFor('Buyer', line, 'Supplier')).toEqual([]);
    expect(movesFor('Buyer', line, null)).toEqual([]);
  });

  it('lets brokers submit terms through a form naming the investor and SPV, as the server requires', () => {
    const [m] = movesFor('Buyer', { id: 'b', buyer_status: 'Under Review' }, 'Broker');
    expect(m).toMatchObject({ action: 'Submit terms', kind: 'form', to: 'Investor Offer Pending' });
    expect(m?.fields).toEqual(expect.arrayContaining(['investorId', 'spvId', 'buyer_loan_request_amount']));
    expect(m?.required).toEqual(expect.arrayContaining(['investorId', 'spvId', 'buyer_loan_request_amount']));
    expect(m?.fields).toContain('buyer_loan_discount_fee');
    expect(movesFor('Buyer', { id: 'b', buyer_status: 'Under Review' }, 'Admin')[0]?.fields).toContain(
      'investorId',
    );
  });

  it('gives the SPV "Ask for documents" and a payout date on request approval; only the admin settles, for good', () => {
    const moves = movesFor('Request', { id: 'r', request_status: 'Under Review' }, 'Spv');
    expect(actions(moves)).toEqual(['Ask for documents', 'Approve', 'Decline']);
    expect(moves[1]).toMatchObject({ kind: 'approveRequest', final: false });
    expect(moves[2]).toMatchObject({ kind: 'reason', final: true });
    expect(actions(movesFor('Request', { id: 'r', request_status: 'Under Review' }, 'Investor'))).toEqual([
      'Approve',
      'Decline',
    ]);
    expect(movesFor('Request', { id: 'r', request_status: 'Approved' }, 'Admin')).toEqual([
      expect.objectContaining({ action: 'Settle', kind: 'settleRequest', to: 'Settled', final: true }),
    ]);
    expect(movesFor('Request', { id: 'r', request_status: 'Approved' }, 'Spv')).toEqual([]);
    expect(movesFor('Request', { id: 'r', request_status: 'Settled' }, 'Admin')).toEqual([]);
  });

  it('lets suppliers submit their company and resubmit declined items, nothing else', () => {
    expect(actions(movesFor('Supplier', { id: 's', supplier_status: 'Draft' }, 'Supplier'))).toEqual([
      'Submit for review',
    ]);
    expect(actions(movesFor('Supplier', { id: 's', supplier_status: null }, 'Supplier'))).toEqual([
      'Submit for review',
    ]);
    expect(movesFor('Supplier', { id: 's', supplier_status: 'Under Review' }, 'Supplier')).toEqual([]);
    expect(actions(movesFor('Director', { id: 'd', director_status: 'Declined' }, 'Supplier'))).toEqual([
      'Resubmit',
    ]);
    expect(movesFor('Director', { id: 'd', director_status: 'Under Review' }, 'Supplier')).toEqual([]);
    const admin = movesFor('Director', { id: 'd', director_status: 'Under Review' }, 'Admin');
    expect(actions(admin)).toEqual(['Approve', 'Decline']);
    expect(admin[1]).toMatchObject({ kind: 'reason', final: false });
  });

  it('leaves the audit type of buyer financials alone', () => {
    expect(movesFor('Financials', { id: 'f', buyerId: 'b', financials_status: null }, 'Admin')).toEqual([]);
    expect(
      actions(
        movesFor('Financials', { id: 'f', supplierId: 's', financials_status: 'Under Review' }, 'Admin'),
      ),
    ).toEqual(['Approve', 'Decline']);
  });

  it('sends the field of a model with two status fields', () => {
    const moves = movesFor(
      'Bookkeeping',
      { id: 'k', bookkeeping_status_admin: 'Open', bookkeeping_status_spv: 'Open' },
      'Admin',
    );
    expect(moves.map((m) => `${m.field}:${m.action}:${m.kind}`)).toEqual([
      'bookkeeping_status_admin:Book fees:form',
      'bookkeeping_status_spv:Approve purchase:confirm',
    ]);
    expect(moves.every((m) => m.many)).toBe(true);
    expect(
      actions(
        movesFor(
          'Bookkeeping',
          { id: 'k', bookkeeping_status_admin: 'Open', bookkeeping_status_spv: 'Open' },
          'Spv',
        ),
      ),
    ).toEqual(['Approve purchase']);
  });

  it('names recorded moves by the actor’s transition', () => {
    const declined = { field: 'director_status', from: 'Declined', to: 'Under Review' };
    expect(actionOfEntry('Director', { ...declined, actorRole: 'Supplier' })).toBe('Resubmit');
    expect(actionOfEntry('Director', { ...declined, actorRole: 'Admin' })).toBe('Reopen');
    expect(
      actionOfEntry('Buyer', {
        field: 'buyer_status',
        from: 'Investor Offer Pending',
        to: 'Approved',
        actorRole: 'Investor',
      }),
    ).toBe('Approve line');
  });
});

describe('status move input', () => {
  const line = { kind: 'approveLine', commentRequired: false } as const;
  const blank = { comment: '', limit: '', spread: '', payoutDate: '' };
  it('asks for a positive approved limit and a sensible spread', () => {
    expect(checkMoveInput(line, blank).limit).toMatch(/approved limit/);
    expect(checkMoveInput(line, { ...blank, limit: '0' }).limit).toMatch(/more than 0/);
    expect(checkMoveInput(line, { ...blank, limit: '12abc' }).limit).toBeDefined();
    expect(checkMoveInput(line, { ...blank, limit: '500,000.00', spread: '4.5 %' })).toEqual({});
    expect(checkMoveInput(line, { ...blank, limit: '1', spread: '250' }).spread).toBeDefined();
  });
  it('requires a reason only where the transition does', () => {
    expect(checkMoveInput({ kind: 'reason', commentRequired: true }, blank).comment).toMatch(/reason/);
    expect(
      checkMoveInput({ kind: 'reason', commentRequired: true }, { ...blank, comment: '  ' }).comment,
    ).toBeDefined();
    expect(checkMoveInput({ kind: 'confirm', commentRequired: false }, blank)).toEqual({});
  });
  it('sends values as a JSON string and the field only when asked', () => {
    const v = changeStatusVariables({
      model: 'Buyer',
      id: 'b',
      to: 'Approved',
      comment: '  ',
      values: { buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '4.5' },
      _version: 3,
    });
    expect(v.input).toEqual({
      model: 'Buyer',
      id: 'b',
      to: 'Approved',
      values: '{"buyer_loan_approved_amount":"500000","buyer_loan_discount_fee":"4.5"}',
      _version: 3,
    });
    expect(
      changeStatusVariables({
        model: 'Bookkeeping',
        id: 'k',
        field: 'bookkeeping_status_spv',
        to: 'Approved',
        comment: 'ok',
      }).input,
    ).toEqual({
      model: 'Bookkeeping',
      id: 'k',
      field: 'bookkeeping_status_spv',
      to: 'Approved',
      comment: 'ok',
    });
  });
});

describe('forms never write a status that has a machine', () => {
  const names = (fs: { name: string }[]) => fs.map((f) => f.name);
  it('leaves status fields out of edit forms, even for the admin', () => {
    expect(names(formFieldsOf('Buyer', { role: 'Admin' }))).not.toContain('buyer_status');
    expect(names(formFieldsOf('Director', { role: 'Admin' }))).not.toContain('director_status');
    expect(names(formFieldsOf('Supplier', { role: 'Admin' }))).not.toContain('supplier_status');
    expect(names(formFieldsOf('Usergroup', { role: 'Admin', only: ['group_name', 'group_status'] }))).toEqual(
      ['group_name'],
    );
    expect(names(formFieldsOf('Buyer', { role: 'Admin' }))).toContain('buyer_loan_discount_fee');
  });
  it('keeps the audit type of buyer financials', () => {
    expect(names(formFieldsOf('Financials', { role: 'Admin', owner: { buyerId: 'b' } }))).toContain(
      'financials_status',
    );
    expect(names(formFieldsOf('Financials', { role: 'Admin', owner: { supplierId: 's' } }))).not.toContain(
      'financials_status',
    );
  });
});
