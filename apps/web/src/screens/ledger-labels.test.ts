import { describe, expect, it } from 'vitest';
import { eventLabel } from './ledger-labels.ts';

describe('eventLabel', () => {
  it('words an event kind as a heading, SPV in capitals', () => {
    expect(eventLabel('spv_purchase')).toBe('SPV purchase');
    expect(eventLabel('limit_release')).toBe('Limit release');
    expect(eventLabel('unapplied_cash')).toBe('Unapplied cash');
  });
});
