import { describe, expect, it } from 'vitest';
import { auditFilterOf } from './audit-filter.ts';

describe('the audit screen’s filters', () => {
  it('sends the filters in the address, the period from the start of one day to the end of the other', () => {
    const filter = auditFilterOf(
      new URLSearchParams('user=u1&org=g1&model=Supplier&record=r1&from=2026-03-01&to=2026-03-31'),
    );
    expect(filter).toEqual({
      userId: 'u1',
      organisationId: 'g1',
      model: 'Supplier',
      recordId: 'r1',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('leaves out what is empty or malformed', () => {
    expect(auditFilterOf(new URLSearchParams('user=&from=yesterday&to=2026-02-30'))).toEqual({});
  });
});
