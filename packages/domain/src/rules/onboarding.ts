import type { ModelName } from '../entity.ts';

type Row = Readonly<Record<string, unknown>>;

export type CompanyModel = 'Supplier' | 'Investor' | 'Spv' | 'Broker';
const PREFIX: Record<CompanyModel, string> = {
  Supplier: 'supplier',
  Investor: 'investor',
  Spv: 'spv',
  Broker: 'broker',
};

export interface ChecklistItem {
  readonly key: string;
  readonly label: string;
  readonly done: boolean;
  /** What is missing, in words, when not done. */
  readonly missing: string | null;
  /** Needed before the company can be submitted for review. */
  readonly required: boolean;
}

export interface OnboardingFacts {
  readonly company: Row;
  readonly directors: readonly Row[];
  readonly ubos: readonly Row[];
  readonly documents: number;
  readonly financials: number;
}

const filled = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** The company fields a review needs (identity and address). */
export function requiredCompanyFields(model: CompanyModel): string[] {
  const p = PREFIX[model];
  return [
    `${p}_name`,
    `${p}_type`,
    `${p}_country`,
    `${p}_register_number`,
    `${p}_date_of_incorporation`,
    `${p}_address_street`,
    `${p}_address_city`,
    `${p}_address_postalcode`,
  ];
}

/** The attachments a review needs: registration certificate, articles, shareholder and director lists. */
export function requiredAttachments(model: CompanyModel): string[] {
  const p = PREFIX[model];
  return [
    `${p}_registration_cert_attachment`,
    `${p}_articles_of_association_attachment`,
    `${p}_shareholder_list_attachment`,
    `${p}_director_list_attachment`,
  ];
}

const item = (key: string, label: string, missing: string[], required = true): ChecklistItem => ({
  key,
  label,
  done: missing.length === 0,
  missing: missing.length ? missing.join(', ') : null,
  required,
});

/**
 * What a company's onboarding has and lacks
 * (docs/business-rules.md, “Status moves, guards and effects”): company data, attachments, at least
 * one director, UBOs with at most 100 % in total, ID documents for every person; financials and
 * documents are shown but not required to submit.
 */
export function onboardingChecklist(model: CompanyModel, facts: OnboardingFacts): ChecklistItem[] {
  const c = facts.company;
  const total = facts.ubos.reduce((sum, u) => sum + Number(u.ubo_ownership_percentage ?? 0), 0);
  const withoutId = [
    ...facts.directors
      .filter((d) => !filled(d.director_id_attachment))
      .map((d) => String(d.director_name ?? 'a director')),
    ...facts.ubos.filter((u) => !filled(u.ubo_id_attachment)).map((u) => String(u.ubo_name ?? 'a UBO')),
  ];
  return [
    item(
      'company',
      'Company data',
      requiredCompanyFields(model).filter((f) => !filled(c[f])),
    ),
    item(
      'attachments',
      'Company documents',
      requiredAttachments(model).filter((f) => !filled(c[f])),
    ),
    item('directors', 'Directors', facts.directors.length ? [] : ['at least one director']),
    item(
      'ubos',
      'Beneficial owners',
      facts.ubos.length === 0
        ? ['at least one UBO']
        : total > 100
          ? [`ownership totals ${total} %, above 100 %`]
          : [],
    ),
    item('ids', 'ID documents', withoutId.length ? [`ID document of ${withoutId.join(', ')}`] : []),
    item('financials', 'Financial statements', facts.financials ? [] : ['financial statements'], false),
    item('documents', 'Other documents', facts.documents ? [] : ['documents'], false),
  ];
}

/** The reasons a company cannot be submitted yet; empty when it can. */
export function submissionBlockers(checklist: readonly ChecklistItem[]): string[] {
  return checklist.filter((i) => i.required && !i.done).map((i) => `${i.label}: ${i.missing}`);
}

export const COMPANY_MODELS: readonly ModelName[] = ['Supplier', 'Investor', 'Spv', 'Broker'];
