import AxeBuilder from '@axe-core/playwright';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { ARTIFACTS, DEMO_EMAIL, type RoleKey } from '../support/config.ts';
import { fill } from '../support/routes.ts';

interface Screen {
  readonly name: string;
  readonly role: RoleKey | null;
  readonly path: string;
}

const SCREENS: readonly Screen[] = [
  { name: 'login page', role: null, path: '/login' },
  { name: 'list screen (admin suppliers)', role: 'admin', path: '/admin/suppliers' },
  { name: 'list screen (supplier requests)', role: 'supplier', path: '/app/requests' },
  { name: 'form (supplier new buyer)', role: 'supplier', path: '/app/newbuyer' },
  { name: 'form (supplier new director)', role: 'supplier', path: '/app/newsupplierdirector/{S1.id}' },
  { name: 'edit form (supplier director)', role: 'supplier', path: '/app/updatedirector/{S1.director}' },
  { name: 'onboarding (supplier account)', role: 'supplier', path: '/app/account' },
  { name: 'limits (investor)', role: 'investor', path: '/investor/limits' },
  { name: 'detail screen (admin supplier)', role: 'admin', path: '/admin/supplier/{A.supplier}' },
  { name: 'detail screen (investor request)', role: 'investor', path: '/investor/request/{I1.request}' },
  { name: 'dashboard (supplier)', role: 'supplier', path: '/app/dashboard' },
];

describe('Accessibility (axe: no serious or critical violations)', () => {
  const fixtures = inject('fixtures');
  let browser: Browser | undefined;
  const tabs = new Map<RoleKey | null, Tab>();

  beforeAll(async () => {
    browser = await launch();
    for (const role of new Set(SCREENS.map((s) => s.role))) {
      const tab = await Tab.open(await newContext(browser));
      if (role) await signInThroughUI(tab.page, DEMO_EMAIL[role]);
      tabs.set(role, tab);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(SCREENS)('$name ($path)', async (s) => {
    const tab = tabs.get(s.role) as Tab;
    const path = fill(s.path, fixtures);
    const visit = await tab.visit(path, { content: s.role !== null });
    expect(visit.problems).toEqual([]);
    const result = await new AxeBuilder({ page: tab.page }).analyze();
    const lines = result.violations.map(
      (v) =>
        `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`,
          )
          .join('\n'),
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `axe-${s.name.replace(/\W+/g, '-').replace(/-+$/, '')}.txt`);
    writeFileSync(file, `${path} as ${s.role ?? 'signed out'}\n${lines.join('\n') || 'no violations'}\n`);
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, lines.join('\n')).toEqual([]);
  });
});
