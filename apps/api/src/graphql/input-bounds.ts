import { GraphQLError, Kind, type ASTNode, type ASTVisitor, type ValidationContext } from 'graphql';

/**
 * How deep input values may nest (objects and lists), in variables, in literals and in AWSJSON
 * values. A filter of the deepest allowed nesting (`MAX_FILTER_DEPTH` levels of and/or/not, two
 * JSON levels each) fits well inside; anything deeper is refused before graphql-js coerces it,
 * because its coercion recurses once per level and a deep enough value exhausts the stack
 * (docs/architecture.md, “API errors, filters and secrets”).
 */
export const MAX_INPUT_DEPTH = 32;

/** Names a place in an input value the way clients write it: `$filter.and[0].not`. */
function placeName(path: readonly (string | number)[]): string {
  const shown = path.length > 8 ? [...path.slice(0, 8), '…'] : path;
  return shown.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * The first thing wrong with a raw input value, or null: nesting deeper than `MAX_INPUT_DEPTH`,
 * or a NUL character, which no database text can hold, in a string or a key. Walks with an
 * explicit stack, so no input can exhaust the call stack here.
 */
export function inputValueProblem(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [root] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: v, path } = item;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return `${placeName(path)} holds a NUL character, which is not allowed`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // The root variable object itself is not a level of nesting; each object or list inside is.
    if (path.length > MAX_INPUT_DEPTH + 1)
      return `${placeName(path)} is nested deeper than ${MAX_INPUT_DEPTH} levels`;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((e, i) => [i, e])
      : Object.entries(v as Record<string, unknown>);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes('\u0000'))
        return `${placeName(path)} has a key with a NUL character, which is not allowed`;
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * The first thing wrong with the raw variables of a request (`{ "input": {…} }`), named after the
 * variable and the place inside it, or null.
 */
export function variablesProblem(variables: unknown): string | null {
  if (variables === undefined || variables === null) return null;
  if (typeof variables !== 'object' || Array.isArray(variables)) return 'variables must be a JSON object';
  for (const [name, value] of Object.entries(variables as Record<string, unknown>)) {
    const problem = inputValueProblem(value, `$${name}`);
    if (problem) return problem;
  }
  return null;
}

type Ancestors = readonly (ASTNode | readonly ASTNode[])[];
const nodesOf = (ancestors: Ancestors): ASTNode[] => ancestors.filter((a): a is ASTNode => !Array.isArray(a));

/** The argument and input fields an AST node lies in, for messages: `filter.and.not`. */
function literalPlace(ancestors: Ancestors): string {
  const names = nodesOf(ancestors).flatMap((node) =>
    node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD ? [node.name.value] : [],
  );
  return names.length ? placeName(names) : 'a value';
}

const depthOf = (ancestors: Ancestors): number =>
  nodesOf(ancestors).filter((node) => node.kind === Kind.OBJECT || node.kind === Kind.LIST).length;

/**
 * How deep brackets (`{`, `[`, `(`) may nest in a query's text. The parser recurses once per
 * level, and within its 5,000 tokens a literal nests deep enough to exhaust the stack (`[[[[…`),
 * so the text is measured before it is parsed; selections nest at most `MAX_DEPTH` levels and
 * values `MAX_INPUT_DEPTH`, well inside this.
 */
export const MAX_QUERY_NESTING = 64;

const BLOCK_QUOTE = '"""';

/**
 * Whether the brackets of a query's text nest deeper than `MAX_QUERY_NESTING`, skipping strings,
 * block strings and comments as the GraphQL lexer reads them; one pass, no recursion.
 */
export function queryNestingProblem(query: string): string | null {
  let depth = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++;
    } else if (query.startsWith(BLOCK_QUOTE, i)) {
      // A block string ends at the first """ not escaped with a backslash.
      let end = query.indexOf(BLOCK_QUOTE, i + 3);
      while (end > 0 && query[end - 1] === '\\') end = query.indexOf(BLOCK_QUOTE, end + 3);
      if (end < 0) return null; // unterminated: the parser reports it
      i = end + 2;
    } else if (c === '"') {
      i++;
      while (i < query.length && query[i] !== '"' && query[i] !== '\n') i += query[i] === '\\' ? 2 : 1;
    } else if (c === '{' || c === '[' || c === '(') {
      depth += 1;
      if (depth > MAX_QUERY_NESTING)
        return `The query nests brackets deeper than ${MAX_QUERY_NESTING} levels`;
    } else if (c === '}' || c === ']' || c === ')') {
      depth -= 1;
    }
  }
  return null;
}

/**
 * The same bounds for values written in the query itself: no NUL character in a string, no
 * nesting deeper than `MAX_INPUT_DEPTH`. (The parser's token limit keeps a literal from getting
 * deep enough to trouble the parser itself.)
 */
export function inputBoundsRule(context: ValidationContext): ASTVisitor {
  const composite = (
    node: ASTNode,
    _key: unknown,
    parent: ASTNode | readonly ASTNode[] | undefined,
    _path: unknown,
    ancestors: Ancestors,
  ) => {
    const above = parent ? [...ancestors, parent] : ancestors;
    if (depthOf(above) + 1 > MAX_INPUT_DEPTH) {
      context.reportError(
        new GraphQLError(`${literalPlace(above)} is nested deeper than ${MAX_INPUT_DEPTH} levels`, {
          nodes: node,
        }),
      );
      return false;
    }
    return undefined;
  };
  return {
    ObjectValue: composite,
    ListValue: composite,
    StringValue(node, _key, parent, _path, ancestors) {
      if (node.value.includes('\u0000'))
        context.reportError(
          new GraphQLError(
            `${literalPlace(parent ? [...ancestors, parent] : ancestors)} holds a NUL character, which is not allowed`,
            {
              nodes: node,
            },
          ),
        );
    },
  };
}
