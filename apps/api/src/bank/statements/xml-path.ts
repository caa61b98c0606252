/**
 * Reading fast-xml-parser's output by element paths. A parsed element is a string (text only), an
 * object of child elements (attributes under `@Name`, text beside them under `#text`) or, for an
 * element that repeats, an array. Paths are child names joined by `/` (`Acct/Id/IBAN`), an
 * attribute is the last step (`Amt/@Ccy`), and arrays met on the way are walked through, so a
 * path reads the same whether an element came once or several times.
 */

/** Every element (or attribute value) found at `path` below `node`, in document order. */
export function nodesAt(node: unknown, path: string): unknown[] {
  let found: unknown[] = [node];
  for (const step of path.split('/')) {
    found = found.flatMap((parent) => {
      if (parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, step)) return [];
      const child = (parent as Record<string, unknown>)[step];
      return Array.isArray(child) ? child : [child];
    });
  }
  return found;
}

/** The text of an element (its `#text` when it also has attributes); null when it has none. */
export function textOf(node: unknown): string | null {
  const value =
    node !== null && typeof node === 'object' && Object.hasOwn(node, '#text')
      ? (node as Record<string, unknown>)['#text']
      : node;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The first non-empty text at the first of `paths` (tried in order) that has one. */
export function text(node: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    for (const found of nodesAt(node, path)) {
      const value = textOf(found);
      if (value !== null) return value;
    }
  }
  return null;
}

/** Every non-empty text at `path` (e.g. all `RmtInf/Ustrd` lines). */
export function texts(node: unknown, path: string): string[] {
  return nodesAt(node, path)
    .map(textOf)
    .filter((value) => value !== null);
}
