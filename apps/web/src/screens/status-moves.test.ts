import { describe, expect, it } from 'vitest';
import { LINE_TERMS, REQUIRED_LINE_TERMS } from '@rf/domain/lifecycle/buyer-line';
import { LIFECYCLES, operationsFor } from '@rf/domain/lifecycle/lifecycles';
import type { LifecycleDecl } from '@rf/domain/lifecycle/types';
import { ROLES } from '@rf/domain/roles';
import { formFieldsOf } from '../entity/entity-form.tsx';
import { operationMutation, operationVariables } from '../entity/status-api.ts';
import { asksForPayback } from './settle-fields.tsx';
import {
  actionOfEntry,
  checkMoveInput,
  initialValues,
  inputFieldOf,
  movesFor,
  operationValues,
  type StatusMove,
} from './status-moves.ts';

const TODAY = '2026-03-10';
const labels = (ms: StatusMove[]) => ms.map((m) => m.label);
const names = (ms: StatusMove[]) => ms.map((m) => m.name);
const inputsOf = (m: StatusMove | undefined) =>
  m?.inputs.map((i) => `${i.field.name}${i.required ? '*' : ''}`);
const moves = (
  model: Parameters<typeof movesFor>[0],
  record: Record<string, unknown>,
  role: 'Admin' | 'Supplier' | 'Investor' | 'Spv' | 'Broker',
) => movesFor(model, { id: 'x', ...record }, role, undefined, TODAY);

describe('the operations offered come from the lifecycle declarations', () => {
  it('offers, for every role and state, the declared operations the role may run from it', () => {
    for (const lifecycle of LIFECYCLES as readonly LifecycleDecl[]) {
      const states = new Set([
        lifecycle.initial,
        ...lifecycle.operations.flatMap((o) => [...o.from, ...(o.to ? [o.to] : [])]),
      ]);
      for (const role of ROLES) {
        for (const state of states) {
          // Flagged, so that every action has something to act on.
          const record = { id: 'x', [lifecycle.field]: state, possible_duplicate_of: 'other' };
          const offered = movesFor(lifecycle.model, record, role, [lifecycle.field], TODAY);
          expect(names(offered), `${lifecycle.model} ${state} ${role}`).toEqual(
            operationsFor(lifecycle, state, role).map((o) => o.name),
          );
          for (const m of offered) {
            expect(m.label).toBe(m.operation.label);
            expect(m.explain).toBe(m.operation.explain);
            expect(m.confirm).toBe(m.operation.confirm);
            expect(m.to).toBe(m.operation.to ?? null);
            expect(m.reasonRequired).toBe(m.operation.reason === 'required');
            expect(m.inputs).toEqual(m.operation.input ?? []);
          }
        }
      }
    }
    expect(moves('Buyer', { buyer_status: 'Approved' }, 'Supplier')).toEqual([]);
    expect(movesFor('Buyer', { id: 'b', buyer_status: 'Approved' }, null)).toEqual([]);
  });

  it('gives investors and SPVs approve (limit and spread) and decline (a reason) on a pending line', () => {
    const line = { buyer_status: 'Investor Offer Pending' };
    for (const role of ['Investor', 'Spv'] as const) {
      const [approve, decline, ...rest] = moves('Buyer', line, role);
      expect(rest).toEqual([]);
      expect(approve).toMatchObject({
        name: 'approveLine',
        label: 'Approve line',
        tone: 'success',
        to: 'Approved',
      });
      expect(inputsOf(approve)).toEqual(['buyer_loan_approved_amount*', 'buyer_loan_discount_fee']);
      expect(decline).toMatchObject({
        name: 'declineLine',
        reasonRequired: true,
        tone: 'error',
        final: false,
      });
    }
    expect(labels(moves('Buyer', line, 'Admin'))).toEqual(['Approve line', 'Decline line', 'Reopen']);
    expect(moves('Buyer', line, 'Supplier')).toEqual([]);
  });

  it('offers actions that keep the state as buttons too: "Change limit" on an approved line', () => {
    const approved = { buyer_status: 'Approved', buyer_loan_approved_amount: '500000.00' };
    const [change] = moves('Buyer', approved, 'Investor');
    expect(change).toMatchObject({ name: 'changeLineLimit', to: null, reasonRequired: true, final: false });
    expect(inputsOf(change)).toEqual(['buyer_loan_approved_amount*']);
    expect(labels(moves('Buyer', approved, 'Admin'))).toEqual(['Reopen', 'Change limit']);
  });

  it('lets brokers submit terms by saving the line’s terms first, with the domain’s lists', () => {
    const [m] = moves('Buyer', { buyer_status: 'Under Review' }, 'Broker');
    expect(m).toMatchObject({ name: 'submitLineTerms', label: 'Submit terms', to: 'Investor Offer Pending' });
    expect(m?.prepare?.fields).toEqual(expect.arrayContaining([...LINE_TERMS]));
    expect(m?.prepare?.required).toEqual(Object.keys(REQUIRED_LINE_TERMS));
    expect(m?.prepare?.required).toEqual(
      expect.arrayContaining(['investorId', 'spvId', 'buyer_loan_request_amount']),
    );
    expect(moves('Buyer', { buyer_status: 'Under Review' }, 'Admin')[0]?.prepare?.fields).toContain(
      'investorId',
    );
    // Nothing else saves through the record's form first.
    expect(moves('Buyer', { buyer_status: 'Investor Offer Pending' }, 'Admin').every((x) => !x.prepare)).toBe(
      true,
    );
  });

  it('gives the SPV "Ask for documents" with the list to tick, the payout date on approval; only the admin settles', () => {
    const review = { request_status: 'Under Review' };
    const spv = moves('Request', review, 'Spv');
    expect(labels(spv)).toEqual(['Ask for documents', 'Approve', 'Decline']);
    expect(inputsOf(spv[0])).toEqual(['documents_requested*', 'documents_comment']);
    expect(spv[0]?.inputs[0]?.field.multiple).toBe(true);
    expect(inputsOf(spv[1])).toEqual(['payout_date']);
    expect(spv[2]).toMatchObject({ reasonRequired: true, final: true });
    expect(labels(moves('Request', review, 'Investor'))).toEqual(['Approve', 'Decline']);
    const settle = moves('Request', { request_status: 'Approved' }, 'Admin');
    expect(labels(settle)).toEqual(['Settle', 'Correct']);
    expect(settle[0]).toMatchObject({ to: 'Settled', final: true });
    expect(asksForPayback(settle[0]?.inputs ?? [])).toBe(true);
    expect(asksForPayback(spv[1]?.inputs ?? [])).toBe(false);
    expect(settle[1]).toMatchObject({ to: null, reasonRequired: true });
    expect(moves('Request', { request_status: 'Approved' }, 'Spv')).toEqual([]);
    expect(labels(moves('Request', { request_status: 'Settled' }, 'Admin'))).toEqual(['Correct']);
  });

  it('gives the supplier withdraw while a request is reviewed, resubmit once documents are asked for; only an administrator uploads signed copies', () => {
    expect(labels(moves('Request', { request_status: 'Under Review' }, 'Supplier'))).toEqual(['Withdraw']);
    const pending = moves('Request', { request_status: 'Documents Pending' }, 'Supplier');
    expect(labels(pending)).toEqual(['Resubmit', 'Withdraw']);
    expect(pending[1]).toMatchObject({ to: 'Declined', reasonRequired: false, final: true, tone: 'error' });
    expect(moves('Request', { request_status: 'Approved' }, 'Supplier')).toEqual([]);
    // Documents are signed through the platform; paper-signed copies are an administrator's upload.
    for (const state of ['Under Review', 'Documents Pending']) {
      const upload = moves('Request', { request_status: state }, 'Admin').find(
        (m) => m.name === 'attachSignedCopies',
      );
      expect(upload?.label).toBe('Upload signed copies');
      expect(inputsOf(upload)).toEqual(['ipu_attachment', 'invoice_ipu_signed', 'offer_notice_attachment']);
    }
  });

  it('offers "Clear duplicate flag" only on a flagged request', () => {
    const review = { request_status: 'Under Review' };
    expect(names(moves('Request', review, 'Admin'))).not.toContain('clearDuplicateFlag');
    expect(names(moves('Request', { ...review, possible_duplicate_of: 'r2' }, 'Admin'))).toContain(
      'clearDuplicateFlag',
    );
  });

  it('lets suppliers submit their company and resubmit declined items, nothing else', () => {
    expect(labels(moves('Supplier', { supplier_status: 'Draft' }, 'Supplier'))).toEqual([
      'Submit for review',
    ]);
    expect(labels(moves('Supplier', { supplier_status: null }, 'Supplier'))).toEqual(['Submit for review']);
    expect(moves('Supplier', { supplier_status: 'Under Review' }, 'Supplier')).toEqual([]);
    expect(labels(moves('Director', { director_status: 'Declined' }, 'Supplier'))).toEqual(['Resubmit']);
    expect(moves('Director', { director_status: 'Under Review' }, 'Supplier')).toEqual([]);
    const admin = moves('Director', { director_status: 'Under Review' }, 'Admin');
    expect(labels(admin)).toEqual(['Approve', 'Decline']);
    expect(admin[1]).toMatchObject({ reasonRequired: true, final: false });
  });

  it('leaves the audit type of buyer financials alone', () => {
    expect(moves('Financials', { buyerId: 'b', financials_status: null }, 'Admin')).toEqual([]);
    expect(
      labels(moves('Financials', { supplierId: 's', financials_status: 'Under Review' }, 'Admin')),
    ).toEqual(['Approve', 'Decline']);
  });

  it('names the field of a model with two status fields; booking fees asks for the accounting invoice', () => {
    const both = { bookkeeping_status_admin: 'Open', bookkeeping_status_spv: 'Open' };
    const admin = moves('Bookkeeping', both, 'Admin');
    expect(admin.map((m) => `${m.field}:${m.label}`)).toEqual([
      'bookkeeping_status_admin:Book fees',
      'bookkeeping_status_spv:Approve purchase',
    ]);
    expect(admin.every((m) => m.many)).toBe(true);
    expect(inputsOf(admin[0])).toEqual(['invoiceId_3party', 'invoiceurl_3party', 'invoicepdfurl_3party']);
    expect(labels(moves('Bookkeeping', both, 'Spv'))).toEqual(['Approve purchase']);
  });
});

describe('history entries', () => {
  it('are named by their operation, else by the move the actor’s role could make', () => {
    const declined = { field: 'director_status', from: 'Declined', to: 'Under Review' };
    expect(actionOfEntry('Director', { ...declined, actorRole: 'Supplier' })).toBe('Resubmit');
    expect(actionOfEntry('Director', { ...declined, actorRole: 'Admin' })).toBe('Reopen');
    expect(
      actionOfEntry('Director', { ...declined, actorRole: 'Admin', operation: 'resubmitDirector' }),
    ).toBe('Resubmit');
    const kept = { field: 'buyer_status', from: 'Approved', to: 'Approved', actorRole: 'Investor' };
    expect(actionOfEntry('Buyer', { ...kept, operation: 'changeLineLimit' })).toBe('Change limit');
    expect(actionOfEntry('Buyer', { ...kept, to: 'Elsewhere' })).toBe('Moved to Elsewhere');
  });
});

describe('what a dialog sends', () => {
  const line = {
    id: 'b',
    buyer_status: 'Investor Offer Pending',
    buyer_currency: 'USD',
    buyer_loan_request_amount: '800000.00',
  };
  const approve = moves('Buyer', line, 'Investor')[0] as StatusMove;
  const decline = moves('Buyer', line, 'Investor')[1] as StatusMove;

  it('starts the approved limit at the requested amount and the payout date at today', () => {
    expect(initialValues(approve, line, TODAY)).toEqual({
      buyer_loan_approved_amount: '800000.00',
      buyer_loan_discount_fee: '',
    });
    const approveRequest = moves('Request', { request_status: 'Under Review' }, 'Admin')[1] as StatusMove;
    expect(approveRequest.name).toBe('approveRequest');
    expect(initialValues(approveRequest, {}, TODAY)).toEqual({ payout_date: TODAY });
    expect(inputFieldOf(approve, approve.inputs[0]!, line).field).toMatchObject({
      label: 'Approved limit',
      required: true,
    });
  });

  it('checks the approved limit by the domain’s rule and each field by the registry’s validator', () => {
    const check = (v: Record<string, unknown>) => checkMoveInput(approve, v, '', line);
    expect(check({ buyer_loan_approved_amount: '' }).buyer_loan_approved_amount).toMatch(/approved limit/);
    expect(check({ buyer_loan_approved_amount: '0' }).buyer_loan_approved_amount).toMatch(/more than 0/);
    expect(check({ buyer_loan_approved_amount: '800000.01' }).buyer_loan_approved_amount).toMatch(
      /At most the requested USD 800,000\.00/,
    );
    expect(check({ buyer_loan_approved_amount: '12abc' }).buyer_loan_approved_amount).toBeDefined();
    expect(check({ buyer_loan_approved_amount: '500,000.00', buyer_loan_discount_fee: '4.5 %' })).toEqual({});
    expect(
      check({ buyer_loan_approved_amount: '1', buyer_loan_discount_fee: 'lots' }).buyer_loan_discount_fee,
    ).toBeDefined();
    expect(
      operationValues(approve, {
        buyer_loan_approved_amount: '500,000.00',
        buyer_loan_discount_fee: '4.5 %',
      }),
    ).toEqual({
      buyer_loan_approved_amount: '500000.00',
      buyer_loan_discount_fee: '4.5',
    });
    expect(
      operationValues(approve, { buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '' }),
    ).toEqual({
      buyer_loan_approved_amount: '500000',
    });
  });

  it('requires a reason only where the declaration does', () => {
    expect(checkMoveInput(decline, {}, '', line).reason).toMatch(/reason is required/);
    expect(checkMoveInput(decline, {}, '  ', line).reason).toBeDefined();
    expect(checkMoveInput(decline, {}, 'Concentration', line)).toEqual({});
    expect(checkMoveInput({ ...approve, inputs: [] }, {}, '', line)).toEqual({});
  });

  it('requires the documents asked for, each one of the registry’s values', () => {
    const ask = moves('Request', { request_status: 'Under Review' }, 'Admin')[0] as StatusMove;
    expect(ask.name).toBe('askForDocuments');
    expect(checkMoveInput(ask, { documents_requested: '' }, '', {}).documents_requested).toMatch(/required/);
    expect(checkMoveInput(ask, { documents_requested: 'Invoice; Packing list' }, '', {})).toEqual({});
    expect(
      checkMoveInput(ask, { documents_requested: 'A photo of the cat' }, '', {}).documents_requested,
    ).toBeDefined();
  });

  it('calls the operation’s own mutation with the id, version, reason and its fields', () => {
    expect(operationMutation('approveLine', 'Buyer')).toMatch(
      /^mutation RunApproveLine\(\$input: ApproveLineInput!\) \{ approveLine\(input: \$input\) \{ .*\bbuyer_status\b.*_version \} \}$/,
    );
    expect(() => operationMutation('x) { hack', 'Buyer')).toThrow();
    expect(
      operationVariables({
        name: 'approveLine',
        model: 'Buyer',
        id: 'b',
        reason: '  ',
        values: { buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '' },
        _version: 3,
      }),
    ).toEqual({ input: { id: 'b', _version: 3, buyer_loan_approved_amount: '500000' } });
    expect(
      operationVariables({ name: 'declineLine', model: 'Buyer', id: 'b', reason: ' Too risky ' }),
    ).toEqual({
      input: { id: 'b', reason: 'Too risky' },
    });
  });
});

describe('forms never write a status that has a lifecycle', () => {
  const fieldNames = (fs: { name: string }[]) => fs.map((f) => f.name);
  it('leaves status fields out of edit forms, even for the admin', () => {
    expect(fieldNames(formFieldsOf('Buyer', { role: 'Admin' }))).not.toContain('buyer_status');
    expect(fieldNames(formFieldsOf('Director', { role: 'Admin' }))).not.toContain('director_status');
    expect(fieldNames(formFieldsOf('Supplier', { role: 'Admin' }))).not.toContain('supplier_status');
    expect(
      fieldNames(formFieldsOf('Usergroup', { role: 'Admin', only: ['group_name', 'group_status'] })),
    ).toEqual(['group_name']);
    expect(fieldNames(formFieldsOf('Buyer', { role: 'Admin' }))).toContain('buyer_loan_discount_fee');
  });
  it('keeps the audit type of buyer financials', () => {
    expect(fieldNames(formFieldsOf('Financials', { role: 'Admin', owner: { buyerId: 'b' } }))).toContain(
      'financials_status',
    );
    expect(
      fieldNames(formFieldsOf('Financials', { role: 'Admin', owner: { supplierId: 's' } })),
    ).not.toContain('financials_status');
  });
});
