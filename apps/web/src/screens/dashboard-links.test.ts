import { describe, expect, it } from 'vitest';
import {
  cardLink,
  chosenCurrency,
  lineLink,
  QUEUES,
  queueOf,
  requestLink,
  requestsLink,
  type CardKey,
} from './dashboard-links.ts';
import { urlFiltersOf } from '../entity/list-url-filters.ts';
import { envelopeViewOf } from './envelope-list-views.ts';

const query = (link: string) => Object.fromEntries(new URL(link, 'http://x').searchParams);
const path = (link: string) => new URL(link, 'http://x').pathname;

describe('docs/business-rules.md, “Dashboards”: where a dashboard figure leads', () => {
  it('request figures open the area’s requests list filtered to the currency shown', () => {
    for (const card of ['requests', 'volume', 'approvalProgress', 'rates', 'fees'] as CardKey[]) {
      expect(cardLink('investor', card, 'EUR')).toBe('/investor/requests?currency=EUR');
      expect(cardLink('supplier', card, 'USD')).toBe('/app/requests?currency=USD');
    }
  });

  it('a status opens the list filtered to that status and currency', () => {
    const link = requestsLink('admin', 'GBP', 'Documents Pending');
    expect(path(link)).toBe('/admin/requests');
    expect(query(link)).toEqual({ status: 'Documents Pending', currency: 'GBP' });
  });

  it('past due opens the requests list with the past-due filter', () => {
    expect(query(cardLink('spv', 'pastDue', 'USD'))).toEqual({ due: 'past', currency: 'USD' });
    expect(path(cardLink('broker', 'pastDue', 'USD'))).toBe('/broker/requests');
  });

  it('limit figures open the approved lines of each area', () => {
    const admin = cardLink('admin', 'approvedLimit', 'CHF');
    expect(path(admin)).toBe('/admin/buyers');
    expect(query(admin)).toEqual({ status: 'Approved', currency: 'CHF' });
    expect(cardLink('investor', 'utilisation', 'CHF')).toBe('/investor/obligors');
    expect(cardLink('broker', 'available', 'CHF')).toBe('/broker/obligors');
    expect(cardLink('supplier', 'available', 'CHF')).toBe('/app/buyers');
  });

  it('rows open their record; the broker’s requests open over its list', () => {
    expect(lineLink('spv', 'l1')).toBe('/spv/buyer/l1');
    expect(requestLink('investor', 'r1')).toBe('/investor/request/r1');
    expect(requestLink('broker', 'r1')).toBe('/broker/requests?open=r1');
  });

  it('every work queue the server sends has a label, and a screen or a note saying where its items are', () => {
    for (const key of [
      'linesAwaitingTerms',
      'linesAwaitingDecision',
      'requestsAwaitingDecision',
      'documentsPending',
      'possibleDuplicates',
      'envelopesWaiting',
      'envelopesExpired',
      'payoutsToExport',
      'unmatchedPayments',
      'kycToReview',
      'insuranceExpiring',
    ]) {
      const q = QUEUES[key];
      expect(q, key).toBeDefined();
      expect(Boolean(q!.to) || Boolean(q!.note), key).toBe(true);
      for (const to of [q!.to, ...(q!.more ?? []).map((m) => m.to)].filter(Boolean))
        expect(path(to!).startsWith('/admin/'), key).toBe(true);
    }
    expect(QUEUES.payoutsToExport!.to).toBe('/admin/payouts?status=Pending');
    expect(query(QUEUES.unmatchedPayments!.to!)).toEqual({ side: 'in', view: 'open' });
    expect(QUEUES.possibleDuplicates!.to).toBe('/admin/requests?flag=duplicate');
    expect(QUEUES.envelopesWaiting!.to).toBe('/admin/envelopes?view=waiting');
    expect(QUEUES.envelopesExpired!.to).toBe('/admin/envelopes?view=expired');
    expect(QUEUES.insuranceExpiring!.to).toBe('/admin/newinsurance?tab=policies&expiry=soon');
    // Each lands on the filter its list reads from the address.
    expect(envelopeViewOf(new URLSearchParams(query(QUEUES.envelopesWaiting!.to!)).get('view')).view).toBe(
      'waiting',
    );
    expect(envelopeViewOf(new URLSearchParams(query(QUEUES.envelopesExpired!.to!)).get('view')).view).toBe(
      'expired',
    );
    expect(
      urlFiltersOf('Insurance', new URLSearchParams(query(QUEUES.insuranceExpiring!.to!)), '2026-11-25'),
    ).toEqual([
      {
        param: 'expiry',
        label: 'Expiring within 30 days',
        filter: {
          and: [
            { insurance_status: { eq: 'Active' } },
            { insurance_cover_end_date: { between: ['2026-11-25', '2026-12-25'] } },
          ],
        },
      },
    ]);
    expect(queueOf('somethingNew')).toEqual({ label: 'somethingNew', to: null });
  });

  it('the currency shown is the address’s when the caller has it, else the first', () => {
    expect(chosenCurrency(['USD', 'EUR'], 'EUR')).toBe('EUR');
    expect(chosenCurrency(['USD', 'EUR'], 'JPY')).toBe('USD');
    expect(chosenCurrency(['USD', 'EUR'], null)).toBe('USD');
    expect(chosenCurrency([], 'USD')).toBeNull();
    // Without a choice, the first currency that has requests: not a row of zeros.
    expect(chosenCurrency(['CHF', 'EUR', 'USD'], null, ['EUR', 'USD'])).toBe('EUR');
    expect(chosenCurrency(['CHF', 'EUR'], 'CHF', ['EUR'])).toBe('CHF');
    expect(chosenCurrency(['CHF', 'EUR'], null, [])).toBe('CHF');
  });
});
