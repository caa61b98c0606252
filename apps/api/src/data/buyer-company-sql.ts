/**
 * Whether two rows name the same buyer company, as SQL: the same D-U-N-S number, or the same name
 * (trimmed, inner spaces collapsed, any case) in the same country
 * (docs/business-rules.md, “Credit insurance”; `sameBuyerCompany` of @rf/domain says the same in
 * TypeScript). Each side is given as the SQL expressions of its name, country and D-U-N-S number.
 */
export interface CompanyColumns {
  readonly name: string;
  readonly country: string;
  readonly duns: string;
}

const normalised = (name: string): string => `upper(regexp_replace(trim(${name}), '\\s+', ' ', 'g'))`;

export function sameBuyerCompanySql(a: CompanyColumns, b: CompanyColumns): string {
  return `((nullif(trim(${a.duns}), '') IS NOT NULL AND trim(${b.duns}) = trim(${a.duns}))
    OR (${normalised(b.name)} = ${normalised(a.name)} AND ${b.country} IS NOT DISTINCT FROM ${a.country}))`;
}

/** A buyer line's columns (`Buyer`) under a table alias. */
export const lineCompany = (alias: string): CompanyColumns => ({
  name: `${alias}.buyer_name`,
  country: `${alias}.buyer_country`,
  duns: `${alias}.buyer_duns_number`,
});

/** A credit-insurance policy's columns (`Insurance`) under a table alias. */
export const policyCompany = (alias: string): CompanyColumns => ({
  name: `${alias}.insurance_buyer_name`,
  country: `${alias}.insurance_buyer_country`,
  duns: `${alias}.insurance_buyer_duns`,
});
