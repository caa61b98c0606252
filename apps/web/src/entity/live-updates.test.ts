import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvalidator, subscriptionsOf, watchedModels } from './live-updates.ts';

describe('live updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('watches the models a role may read, never the bank-link secrets', () => {
    expect(watchedModels('Admin')).toContain('Usergroup');
    expect(watchedModels('Admin')).not.toContain('Plaidauth');
    const supplier = watchedModels('Supplier');
    expect(supplier).toEqual(expect.arrayContaining(['Supplier', 'Buyer', 'Director', 'Request']));
    expect(watchedModels('Investor')).toContain('Buyer');
  });

  it('subscribes to create, update and delete of a model, selecting only the id', () => {
    expect(subscriptionsOf('Buyer')).toEqual([
      'subscription { onCreateBuyer { id } }',
      'subscription { onUpdateBuyer { id } }',
      'subscription { onDeleteBuyer { id } }',
    ]);
  });

  it('invalidates each changed model once per burst', () => {
    const invalidateQueries = vi.fn(async () => {});
    const invalidator = createInvalidator({ invalidateQueries }, 250);
    invalidator.changed('Buyer');
    invalidator.changed('Buyer');
    invalidator.changed('Request');
    expect(invalidateQueries).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(invalidateQueries.mock.calls).toEqual([[{ queryKey: ['Buyer'] }], [{ queryKey: ['Request'] }]]);
    invalidator.changed('Buyer');
    vi.advanceTimersByTime(250);
    expect(invalidateQueries).toHaveBeenCalledTimes(3);
  });

  it('drops pending work when disposed, and refetches everything after a reconnection', () => {
    const invalidateQueries = vi.fn(async () => {});
    const invalidator = createInvalidator({ invalidateQueries }, 250);
    invalidator.changed('Buyer');
    invalidator.dispose();
    vi.advanceTimersByTime(1_000);
    expect(invalidateQueries).not.toHaveBeenCalled();
    invalidator.all();
    expect(invalidateQueries).toHaveBeenCalledWith();
  });
});
