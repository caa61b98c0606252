// One Lighthouse navigation (performance only) in a fresh Chromium, signed in when tokens are given.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type Result from 'lighthouse/types/lhr/lhr.js';
import { injectSession, killChrome, launchChrome, type StoredTokens } from './browser.ts';

export type Preset = 'desktop' | 'mobile';

export interface LighthouseFigures {
  /** 0–100 */
  readonly performance: number;
  readonly cls: number;
  /** ms */
  readonly lcp: number;
  readonly tbt: number;
  readonly fcp: number;
  readonly speedIndex: number;
  readonly finalUrl: string;
  readonly reportFile: string;
}

export async function runLighthouse(input: {
  url: string;
  preset: Preset;
  base: string;
  /** Signs the page in: the session cookies are set before the audit. */
  tokens?: StoredTokens;
  reportFile: string;
}): Promise<LighthouseFigures> {
  const chrome = await launchChrome();
  try {
    if (input.tokens) await injectSession(chrome.port, input.base, input.tokens);
    const result = await lighthouse(
      input.url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      input.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`${input.url}: Lighthouse returned nothing`);
    const lhr: Result = result.lhr;
    writeFileSync(input.reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError)
      throw new Error(`${input.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) {
      throw new Error(`${input.url}: no performance score (see ${input.reportFile})`);
    }
    const metric = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (v === undefined) throw new Error(`${input.url}: no ${id} (see ${input.reportFile})`);
      return v;
    };
    return {
      performance: Math.round(score * 100),
      cls: metric('cumulative-layout-shift'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      speedIndex: metric('speed-index'),
      finalUrl: lhr.finalDisplayedUrl,
      reportFile: input.reportFile,
    };
  } finally {
    killChrome(chrome);
  }
}
