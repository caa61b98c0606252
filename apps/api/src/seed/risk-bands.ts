import type { RiskBand } from '@rf/domain';

/**
 * The figure-based bands of docs/business-rules.md, “Buyer risk bands, score and grade”, so
 * that seeded `_risk` fields agree with the figures beside them. A value on a band edge belongs to
 * the better band (the same section).
 */

/** Higher is better: Low at or above `low`, Medium at or above `medium`, else High. */
export function bandHigherIsBetter(value: number, low: number, medium: number): RiskBand {
  if (value >= low) return 'Low';
  if (value >= medium) return 'Medium';
  return 'High';
}

/** Lower is better: Low at or below `low`, Medium at or below `medium`, else High. */
export function bandLowerIsBetter(value: number, low: number, medium: number): RiskBand {
  if (value <= low) return 'Low';
  if (value <= medium) return 'Medium';
  return 'High';
}

/** Size by annual sales: ≥ 50m Low, 10m–50m Medium, < 10m High. */
export const salesBand = (sales: number): RiskBand => bandHigherIsBetter(sales, 50_000_000, 10_000_000);
export const yearsInBusinessBand = (years: number): RiskBand => bandHigherIsBetter(years, 10, 5);
export const currentRatioBand = (ratio: number): RiskBand => bandHigherIsBetter(ratio, 1.5, 1.0);
export const interestCoverageBand = (cover: number): RiskBand => bandHigherIsBetter(cover, 3, 2);
export const paidOnTimeBand = (percent: number): RiskBand => bandHigherIsBetter(percent, 100, 90);
export const pastDue30Band = (percent: number): RiskBand => bandLowerIsBetter(percent, 1, 5);
export const pastDue60Band = (percent: number): RiskBand => bandLowerIsBetter(percent, 1, 2);

/** Inventory / COGS in percent: 5–20 Low; 1–5 or 20–50 Medium; below 1 or above 50 High. */
export function inventoryCogsBand(percent: number): RiskBand {
  if (percent >= 5 && percent <= 20) return 'Low';
  if (percent >= 1 && percent <= 50) return 'Medium';
  return 'High';
}

export type AuditType = 'audited-big4' | 'audited-2nd-tier' | 'audited-other' | 'management-prepared';

export function auditBand(audit: AuditType): RiskBand {
  if (audit === 'audited-big4' || audit === 'audited-2nd-tier') return 'Low';
  return audit === 'audited-other' ? 'Medium' : 'High';
}
