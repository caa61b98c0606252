/**
 * Lines of `text` no wider than `width` as `measure` tells: broken at spaces, and a word wider
 * than a line (a long reference, or Chinese written without spaces) broken between characters.
 * A line's width is its words' widths and the spaces between them, so each word is measured once.
 * An empty text is one empty line.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const push = (): void => {
    lines.push(line);
    line = '';
    lineWidth = 0;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) push();
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    for (const c of word) {
      const charWidth = measure(c);
      if (line && lineWidth + charWidth > width) push();
      line += c;
      lineWidth += charWidth;
    }
  }
  if (line || lines.length === 0) push();
  return lines;
}
