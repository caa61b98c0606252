import { describe, expect, it } from 'vitest';
import { approvedLimitProblem } from './approved-limit.ts';

describe('approvedLimitProblem', () => {
  it('accepts a positive limit in the minor unit, up to the requested amount', () => {
    expect(approvedLimitProblem('650000.50', '800000.00', 'USD')).toBeNull();
    expect(approvedLimitProblem('800000', '800000.00', 'USD')).toBeNull();
    expect(approvedLimitProblem('1', null, 'USD')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(approvedLimitProblem('0', '10', 'USD')).toEqual({ kind: 'notPositive' });
    expect(approvedLimitProblem('1.001', '10', 'USD')).toEqual({ kind: 'tooManyDecimals', digits: 2 });
    expect(approvedLimitProblem('1.5', '10', 'JPY')).toEqual({ kind: 'tooManyDecimals', digits: 0 });
    expect(approvedLimitProblem('1.001', '10', 'XYZ?')).toEqual({ kind: 'tooManyDecimals', digits: 2 });
    expect(approvedLimitProblem('800000.01', '800000', 'USD')).toEqual({ kind: 'aboveRequested' });
  });
});
