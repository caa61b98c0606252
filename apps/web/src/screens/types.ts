import type { ModelName } from '@rf/domain/entity';
import type { FieldName } from '@rf/domain/registry';
import type { AreaKey } from '../shared/areas.ts';
import type { Filter } from '../entity/queries.ts';

/**
 * A path with `:name` tokens, filled from route parameters or a record's fields
 * (e.g. `/admin/supplier/:id`, `/admin/newbuyer/:id/:userId/:identityId`).
 */
export type Pattern = string;

interface ListScreenConfigOf<M extends ModelName> {
  readonly model: M;
  readonly title?: string;
  /** Opens a row; tokens are the row's fields. Without it a row opens in a dialog. */
  readonly rowTo?: Pattern;
  readonly create?: { readonly label: string; readonly to: Pattern };
  /** A fixed filter. */
  readonly filter?: Filter;
  /** Filter fields equal to route parameters: field → parameter name. */
  readonly paramFilter?: Readonly<Partial<Record<FieldName<M>, string>>>;
  readonly columns?: readonly FieldName<M>[];
  readonly crumbs?: readonly Crumb[];
}

/** One config type per model, so the field names in it are checked against that model's fields. */
export type ListScreenConfig = { [M in ModelName]: ListScreenConfigOf<M> }[ModelName];

export interface Crumb {
  readonly label: string;
  readonly to?: Pattern;
}

interface RelatedConfigOf<M extends ModelName> {
  readonly model: M;
  /** The field of the related model holding the parent's id. */
  readonly field: FieldName<M>;
  readonly title?: string;
  /** "Add" target; tokens are the parent record's fields. */
  readonly add?: Pattern;
  /** Opens a related row; tokens are the row's fields. */
  readonly rowTo?: Pattern;
  readonly columns?: readonly FieldName<M>[];
}

export type RelatedConfig = { [M in ModelName]: RelatedConfigOf<M> }[ModelName];

export interface DetailScreenConfig {
  readonly model: ModelName;
  readonly area: AreaKey;
  /** Breadcrumb parent: the list. */
  readonly listLabel?: string;
  readonly listTo?: string;
  readonly related?: readonly RelatedConfig[];
  readonly editable?: boolean;
  readonly deletable?: boolean;
  /** Extra links on the header card; tokens are the record's fields. */
  readonly links?: readonly { readonly label: string; readonly to: Pattern }[];
  /** Where to go after delete. */
  readonly afterDelete?: string;
  /**
   * The risk assessment panel (docs/business-rules.md, “Buyer risk bands, score and grade”) of
   * a buyer line or of the buyer a statement describes.
   */
  readonly risk?: boolean;
  /**
   * The credit-insurance panel (docs/business-rules.md, “Credit insurance”) of a buyer line or of
   * a policy: the policy, the exposure to the buyer company, the insured share and the flags.
   */
  readonly insurance?: boolean;
  /**
   * The postings of a bookkeeping record's request
   * (docs/business-rules.md, “Bookkeeping that posts”): its amounts and the entries each step
   * posted.
   */
  readonly postings?: boolean;
}

interface CreateScreenConfigOf<M extends ModelName> {
  readonly model: M;
  readonly area: AreaKey;
  readonly title?: string;
  /** The record the new one belongs to, named by a route parameter. */
  readonly parent?: {
    readonly model: ModelName;
    /** Route parameter holding the parent's id (default `id`). */
    readonly param?: string;
    /** Field of the new record that receives the parent's id. */
    readonly field?: string;
    /** Copy the parent's owner (userId, identityId) so the parent's organisation owns it. */
    readonly inheritOwner?: boolean;
    readonly listLabel?: string;
    readonly listTo?: string;
    /** Parent detail path; tokens are route parameters. */
    readonly to?: Pattern;
  };
  /** Fields set from route parameters: field → parameter name. */
  readonly fromParams?: Readonly<Partial<Record<FieldName<M>, string>>>;
  /** Fields set from the signed-in user's organisation. */
  readonly fromProfile?: Readonly<Partial<Record<FieldName<M>, 'recordId' | 'groupId' | 'identityId'>>>;
  /** Where to go after saving; tokens: route parameters and `:created`. */
  readonly back: Pattern;
  readonly sections?: readonly string[];
  readonly omit?: readonly FieldName<M>[];
  readonly crumbs?: readonly Crumb[];
}

export type CreateScreenConfig = { [M in ModelName]: CreateScreenConfigOf<M> }[ModelName];

export interface EditScreenConfig {
  readonly model: ModelName;
  readonly area: AreaKey;
  readonly title?: string;
  /** Where to go after saving; tokens: route parameters and the record's fields. */
  readonly back: Pattern;
  readonly crumbs?: readonly Crumb[];
}

/** Replaces `:name` tokens with values; unknown tokens become `-`. */
export function fillPattern(
  pattern: Pattern,
  ...sources: readonly Readonly<Record<string, unknown>>[]
): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    for (const s of sources) {
      const v = s[name];
      if (v !== undefined && v !== null && v !== '') return encodeURIComponent(String(v));
    }
    return '-';
  });
}
