import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from './browser.ts';
import { AREA, ARTIFACTS, DEMO_EMAIL, type RoleKey } from './config.ts';
import { routeCases } from './routes.ts';

/** Visits every route of one area as that area's demo user, one test per route. */
export function crawlArea(role: RoleKey): void {
  const cases = routeCases(role, inject('fixtures'));
  describe(`${AREA[role].label} area (${AREA[role].base}) as ${DEMO_EMAIL[role]}`, () => {
    let browser: Browser | undefined;
    let tab: Tab;

    // What each screen showed: e2e/artifacts/crawl-<role>.txt.
    const report = join(ARTIFACTS, `crawl-${role}.txt`);

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(report, `${AREA[role].base} as ${DEMO_EMAIL[role]}\n`);
      browser = await launch();
      tab = await Tab.open(await newContext(browser));
      await signInThroughUI(tab.page, DEMO_EMAIL[role]);
      await tab.settle();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it.each(cases)('$route', async (c) => {
      onTestFailed(() => tab.screenshot(`fail-crawl-${role}-${c.route}`));
      const visit = await tab.visit(c.path, c.expect ? { expectPath: c.expect } : {});
      if (c.shot) await tab.screenshot(c.shot);
      const notes = visit.notes.map((n) => `\n    note: ${n.replace(/\s+/g, ' ')}`).join('');
      const problems = visit.problems.map((p) => `\n    PROBLEM: ${p.replace(/\s+/g, ' ')}`).join('');
      appendFileSync(report, `${c.route}  ${c.path}\n    h1: ${visit.heading ?? '—'}${notes}${problems}\n`);
      expect(visit.problems, `${c.path} → "${visit.heading ?? ''}"`).toEqual([]);
    });
  });
}
