import { describe, expect, it } from 'vitest';
import { writeRefusal } from './fields.ts';

describe('field write rules', () => {
  it('let owners set PEP and UBO flags but not workflow statuses', () => {
    expect(writeRefusal('Supplier', 'Director', 'director_pep_status')).toBeNull();
    expect(writeRefusal('Supplier', 'Director', 'director_ubo_status')).toBeNull();
    expect(writeRefusal('Broker', 'UBO', 'ubo_pep_status')).toBeNull();
    expect(writeRefusal('Supplier', 'Director', 'director_status')).toMatch(
      /cannot be set by a Supplier user/,
    );
    expect(writeRefusal('Admin', 'Director', 'director_status', 'update')).toMatch(
      /only through its named operations/,
    );
    expect(writeRefusal('Admin', 'Bookkeeping', 'bookkeeping_status_spv', 'create')).toBeNull();
    expect(writeRefusal('Spv', 'Bookkeeping', 'bookkeeping_status_spv', 'create')).toMatch(/cannot be set/);
  });

  it('start every new record in its lifecycle’s initial state, even for admin', () => {
    expect(writeRefusal('Admin', 'Request', 'request_status', 'create', 'Under Review')).toBeNull();
    expect(writeRefusal('Admin', 'Request', 'request_status', 'create', 'Approved')).toBe(
      'request_status of a new Request is Under Review; it changes only through its named operations',
    );
    expect(writeRefusal('Admin', 'Buyer', 'buyer_status', 'create', 'Approved')).toMatch(/is Under Review/);
    expect(writeRefusal('Admin', 'Transaction', 'transaction_status', 'create', 'Posted')).toMatch(
      /is Pending/,
    );
  });
});
