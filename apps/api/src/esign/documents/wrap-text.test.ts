import { describe, expect, it } from 'vitest';
import { wrapText } from './wrap-text.ts';

const byLength = (s: string): number => [...s].length;

describe('wrapText', () => {
  it('breaks at spaces, no line wider than the width', () => {
    const lines = wrapText('the buyer irrevocably undertakes to pay', 12, byLength);
    expect(lines).toEqual(['the buyer', 'irrevocably', 'undertakes', 'to pay']);
    for (const line of lines) expect(byLength(line)).toBeLessThanOrEqual(12);
  });

  it('breaks a word wider than a line between its characters', () => {
    expect(wrapText('ref 0123456789abcdef', 6, byLength)).toEqual(['ref', '012345', '6789ab', 'cdef']);
    expect(wrapText('株式会社東京北京', 3, byLength)).toEqual(['株式会', '社東京', '北京']);
  });

  it('gives one empty line for an empty text and collapses runs of spaces', () => {
    expect(wrapText('', 10, byLength)).toEqual(['']);
    expect(wrapText('  a   b  ', 10, byLength)).toEqual(['a b']);
  });
});
