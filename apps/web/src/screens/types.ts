import type { ModelName } from '@rf/domain/entity';
import type { AreaKey } from '../shared/areas.ts';
import type { Filter } from '../entity/queries.ts';

/**
 * A path with `:name` tokens, filled from route parameters or a record's fields
 * (e.g. `/admin/supplier/:id`, `/admin/newbuyer/:id/:userId/:identityId`).
 */
export type Pattern = string;

export interface ListScreenConfig {
  readonly model: ModelName;
  readonly title?: string;
  /** Opens a row; tokens are the row's fields. Without it a row opens in a dialog. */
  readonly rowTo?: Pattern;
  readonly create?: { readonly label: string; readonly to: Pattern };
  /** A fixed filter. */
  readonly filter?: Filter;
  /** Filter fields equal to route parameters: field → parameter name. */
  readonly paramFilter?: Readonly<Record<string, string>>;
  readonly columns?: readonly string[];
  readonly crumbs?: readonly Crumb[];
}

export interface Crumb {
  readonly label: string;
  readonly to?: Pattern;
}

export interface RelatedConfig {
  readonly model: ModelName;
  /** The field of the related model holding the parent's id. */
  readonly field: string;
  readonly title?: string;
  /** "Add" target; tokens are the parent record's fields. */
  readonly add?: Pattern;
  /** Opens a related row; tokens are the row's fields. */
  readonly rowTo?: Pattern;
  readonly columns?: readonly string[];
}

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
   * The risk assessment panel (docs/business-rules.md, “Risk scoring”) of a buyer line or of the
   * buyer a statement describes.
   */
  readonly risk?: boolean;
}

export interface CreateScreenConfig {
  readonly model: ModelName;
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
  readonly fromParams?: Readonly<Record<string, string>>;
  /** Fields set from the signed-in user's organisation. */
  readonly fromProfile?: Readonly<Record<string, 'recordId' | 'groupId' | 'identityId'>>;
  /** Where to go after saving; tokens: route parameters and `:created`. */
  readonly back: Pattern;
  readonly sections?: readonly string[];
  readonly omit?: readonly string[];
  readonly crumbs?: readonly Crumb[];
}

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
