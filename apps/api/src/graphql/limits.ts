import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

export const MAX_DEPTH = 10;
export const MAX_ALIASES = 15;
export const MAX_COST = 20_000;
export const MAX_BATCH = 10;

/** The page size a list field is assumed to return when its `limit` is not given (the server's default). */
const DEFAULT_PAGE = 100;

/**
 * The rows a field may return, from its `limit` argument: a literal, or a variable's value when the
 * variables are known (at execution); a list without one returns a default page.
 */
function rowsOf(
  field: string,
  limit: ValueNode | undefined,
  variables: Readonly<Record<string, unknown>> | undefined,
): number {
  if (limit?.kind === Kind.INT) return Number(limit.value);
  if (limit?.kind === Kind.VARIABLE && variables) {
    const value = variables[limit.name.value];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return field.startsWith('list') ? DEFAULT_PAGE : 1;
}

function walk(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  visit: (depth: number, multiplier: number, aliased: boolean, name: string) => void,
  variables?: Readonly<Record<string, unknown>>,
  depth = 1,
  multiplier = 1,
  seen = new Set<string>(),
): void {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === Kind.FIELD) {
      const limit = sel.arguments?.find((a) => a.name.value === 'limit')?.value;
      const rows = rowsOf(sel.name.value, limit, variables);
      visit(depth, multiplier, Boolean(sel.alias), sel.name.value);
      if (sel.selectionSet)
        walk(sel.selectionSet, fragments, visit, variables, depth + 1, multiplier * Math.max(1, rows), seen);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      walk(sel.selectionSet, fragments, visit, variables, depth, multiplier, seen);
    } else if (!seen.has(sel.name.value)) {
      const fragment = fragments[sel.name.value];
      walk(
        fragment?.selectionSet,
        fragments,
        visit,
        variables,
        depth,
        multiplier,
        new Set([...seen, sel.name.value]),
      );
    }
  }
}

const fragmentsOf = (doc: DocumentNode): Record<string, FragmentDefinitionNode> => {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const def of doc.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
  return fragments;
};

/**
 * The cost of running an operation of a validated document with these variables: one per field,
 * times the rows of every list above it, a variable `limit` counted at its value
 * (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export function operationCost(
  document: DocumentNode,
  operationName: string | undefined,
  variables: Readonly<Record<string, unknown>> | undefined,
): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  let cost = 0;
  walk(
    operation?.selectionSet,
    fragmentsOf(document),
    (_d, multiplier) => {
      cost += multiplier;
    },
    variables,
  );
  return cost;
}

/** The answer to an operation, or a batch, over the budget once its variables are known. */
export const tooExpensive = (cost: number): string =>
  `Query is too expensive (cost ${cost}, budget ${MAX_COST}); ask for fewer rows with limit`;

/** Refuses queries deeper than 10 levels, with more than 15 aliases, or costlier than the budget. */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context.getDocument());
  return {
    OperationDefinition(node) {
      let depth = 0;
      let aliases = 0;
      let cost = 0;
      walk(node.selectionSet, fragments, (d, multiplier, aliased) => {
        depth = Math.max(depth, d);
        if (aliased) aliases += 1;
        cost += multiplier;
      });
      if (depth > MAX_DEPTH)
        context.reportError(
          new GraphQLError(`Query is too deep: ${depth} levels, at most ${MAX_DEPTH} allowed`),
        );
      if (aliases > MAX_ALIASES)
        context.reportError(
          new GraphQLError(`Query uses ${aliases} aliases, at most ${MAX_ALIASES} allowed`),
        );
      if (cost > MAX_COST)
        context.reportError(new GraphQLError(`Query is too expensive (cost ${cost}, budget ${MAX_COST})`));
    },
  };
}
