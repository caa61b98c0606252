import { StatementFormatError } from './types.ts';

/**
 * CSV as RFC 4180 writes it: fields separated by one delimiter, rows by CRLF or LF (a lone CR
 * too), a field in double quotes may hold the delimiter, line breaks and doubled quotes (`""` for
 * `"`). A quote inside an unquoted field is kept as text, as exports write such fields.
 */

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvRow {
  /** The line of the file the row starts on (1-based), for error messages. */
  readonly line: number;
  readonly cells: readonly string[];
}

const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t'];

/** The delimiter the first row uses most (outside quotes); `,` when it has none of them. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** The rows of `text`, one at a time (so a preview reads only the top of a file). */
export function* csvRows(text: string, delimiter: CsvDelimiter): Generator<CsvRow> {
  let i = 0;
  let line = 1;

  /** Moves past the line break at `i` (CRLF, LF or CR). */
  const skipLineBreak = (): void => {
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line += 1;
  };

  const readQuoted = (): string => {
    const openedOn = line;
    let value = '';
    i += 1;
    for (;;) {
      if (i >= text.length) throw new StatementFormatError(`line ${openedOn}: a quoted field is not closed`);
      const char = text[i];
      if (char === '"') {
        if (text[i + 1] !== '"') break;
        value += '"';
        i += 2;
      } else if (char === '\r' || char === '\n') {
        const start = i;
        skipLineBreak();
        value += text.slice(start, i);
      } else {
        value += char;
        i += 1;
      }
    }
    i += 1;
    // Spaces a spreadsheet left after the closing quote do not belong to the field.
    while (text[i] === ' ') i += 1;
    const next = text[i];
    if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
      throw new StatementFormatError(`line ${line}: unexpected text after a closing quote`);
    }
    return value;
  };

  const readUnquoted = (): string => {
    const start = i;
    while (i < text.length && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') i += 1;
    return text.slice(start, i);
  };

  while (i < text.length) {
    const startLine = line;
    const cells: string[] = [];
    for (;;) {
      cells.push(text[i] === '"' ? readQuoted() : readUnquoted());
      if (text[i] === delimiter) {
        i += 1;
        continue;
      }
      if (i < text.length) skipLineBreak();
      break;
    }
    yield { line: startLine, cells };
  }
}

/** A row with nothing in it (an empty line, or only delimiters). */
export function isBlankRow(row: CsvRow): boolean {
  return row.cells.every((cell) => cell.trim() === '');
}
