import { applyForFinancing, moveLeadStage, addLeadNote, type CrmContext } from '../crm/lead-operations.ts';
import type { Caller } from '@rf/domain';
import { addDays, toYmd } from './dates.ts';
import { on, type DemoStage } from './demo-stage.ts';

/**
 * Leads in the demo (docs/business-rules.md, “CRM leads”): companies apply through the public form
 * (one through the demo broker's referral link), and the administrator and the broker work them
 * through the same operations as the Leads screens: contacted with a note, one lost with its
 * reason. None is invited, so the demo's organisations stay as decisions describe them.
 */

interface LeadPlan {
  readonly company: string;
  readonly contactName: string;
  readonly email: string;
  readonly country: string;
  readonly monthlyVolume: string;
  readonly currency: string;
  readonly message: string;
  /** Days before today it applied. */
  readonly daysAgo: number;
  readonly referred?: boolean;
  readonly contacted?: string;
  readonly lost?: string;
}

const LEADS: readonly LeadPlan[] = [
  {
    company: 'Baltic Amber Works',
    contactName: 'Laura Ozola',
    email: 'laura.ozola@baltic-amber.example',
    country: 'LV',
    monthlyVolume: '120000',
    currency: 'EUR',
    message: 'Jewellery components sold to retailers in Germany on 60-day terms.',
    daysAgo: 12,
    contacted: 'Call held: they will send last year’s accounts.',
  },
  {
    company: 'Pacific Citrus Co',
    contactName: 'Diego Alvarez',
    email: 'diego@pacific-citrus.example',
    country: 'CL',
    monthlyVolume: '450000',
    currency: 'USD',
    message: 'Seasonal fruit exports to North American distributors.',
    daysAgo: 6,
    referred: true,
  },
  {
    company: 'Kestrel Print Ltd',
    contactName: 'Owen Hart',
    email: 'owen.hart@kestrel-print.example',
    country: 'GB',
    monthlyVolume: '8000',
    currency: 'GBP',
    message: 'Printing for local councils.',
    daysAgo: 20,
    contacted: 'Invoices are mostly to public bodies paying in 14 days.',
    lost: 'Volumes below the platform’s minimum.',
  },
  {
    company: 'Nordlys Seafood AS',
    contactName: 'Ingrid Solberg',
    email: 'ingrid@nordlys-seafood.example',
    country: 'NO',
    monthlyVolume: '2500000',
    currency: 'NOK',
    message: 'Frozen fish to buyers in France and Spain.',
    daysAgo: 2,
  },
];

export async function playLeads(s: DemoStage): Promise<void> {
  const admin = await s.callerOf('admin');
  const broker = await s.callerOf('broker');
  const ctx = (caller: Caller | null): CrmContext => ({ ...s.a.ctx(caller), pushToCrm: false });
  const today = toYmd(s.latest);
  for (const [n, plan] of LEADS.entries()) {
    s.startAt(on(addDays(today, -plan.daysAgo), 9, n * 7));
    const { daysAgo: _days, referred, contacted, lost, ...form } = plan;
    await applyForFinancing(ctx(null), {
      ...form,
      website: '',
      ...(referred ? { ref: broker.groupId } : {}),
    });
    const [lead] = await s.a.db.query<{ id: string }>('SELECT id FROM lead WHERE email = $1', [plan.email]);
    if (!lead) throw new Error(`The demo lead ${plan.company} was not stored`);
    const worker = referred ? broker : admin;
    if (contacted) {
      s.then(on(addDays(today, -plan.daysAgo + 1), 10));
      await moveLeadStage(ctx(worker), lead.id, { stage: 'Contacted', note: contacted });
    }
    if (lost) {
      s.then(on(addDays(today, -plan.daysAgo + 4), 15));
      await addLeadNote(ctx(worker), lead.id, { note: 'Asked for their volume forecast.' });
      await moveLeadStage(ctx(worker), lead.id, { stage: 'Lost', reason: lost });
    }
  }
}
