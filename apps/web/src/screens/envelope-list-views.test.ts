import { describe, expect, it } from 'vitest';
import { ENVELOPE_VIEWS, envelopeViewOf, envelopesLink, shownText } from './envelope-list-views.ts';

describe('docs/business-rules.md, “Dashboards”: the envelopes list’s views', () => {
  it('reads the view from the address; an unknown one shows every envelope', () => {
    expect(envelopeViewOf('waiting').view).toBe('waiting');
    expect(envelopeViewOf('expired').view).toBe('expired');
    expect(envelopeViewOf(null).view).toBeNull();
    expect(envelopeViewOf('declined').view).toBeNull();
    expect(envelopeViewOf('null').view).toBeNull();
  });

  it('links each view, and every view says what it holds when it is empty', () => {
    expect(envelopesLink('waiting')).toBe('/admin/envelopes?view=waiting');
    expect(envelopesLink(null)).toBe('/admin/envelopes');
    for (const v of ENVELOPE_VIEWS)
      expect(envelopeViewOf(new URL(envelopesLink(v.view), 'http://x').searchParams.get('view'))).toBe(v);
    expect(ENVELOPE_VIEWS.every((v) => v.empty.length > 20)).toBe(true);
  });

  it('says how many it shows of how many', () => {
    expect(shownText(50, 120)).toBe('Showing 50 of 120 envelopes');
    expect(shownText(3, 3)).toBe('3 envelopes');
    expect(shownText(1, 1)).toBe('1 envelope');
  });
});
