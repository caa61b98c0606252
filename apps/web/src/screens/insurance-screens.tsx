import { MenuItem, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EntityForm } from '../entity/entity-form.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import { useAll } from '../entity/hooks.ts';
import { notify } from '../shared/errors.ts';
import { PageHeader } from '../shared/page.tsx';
import { companyChoices } from './insurance-figures.ts';

/**
 * `newinsurance` (admin): record a credit-insurance policy on a buyer company, filled from one of
 * its lines or typed; the policies below (docs/business-rules.md, “Credit insurance”). A saved
 * policy opens on its own page, `/admin/insurance/{id}`, with its figures and status actions.
 */
export function InsuranceScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab: 'new' | 'policies' = search.get('tab') === 'policies' ? 'policies' : 'new';
  const lines = useAll('Buyer', undefined);
  const choices = useMemo(() => companyChoices(lines.data ?? []), [lines.data]);
  // `?buyer=<line id>` (from a buyer line's page) picks that line's company.
  const fromLine = search.get('buyer');
  const [picked, setPicked] = useState<string | null>(null);
  // The policies tab counts what its list holds (with the filters of its address).
  const [total, setTotal] = useState<number | null>(null);
  const choice =
    choices.find((c) => c.key === picked) ??
    (picked === null ? choices.find((c) => c.lineId === fromLine) : undefined);
  const defaults = choice
    ? {
        insurance_buyer_name: choice.company.name,
        insurance_buyer_country: choice.company.country,
        insurance_buyer_duns: choice.company.duns,
      }
    : undefined;
  return (
    <>
      <PageHeader title="Credit insurance" count={tab === 'policies' ? total : null} />
      <Tabs
        value={tab}
        onChange={(_, v: 'new' | 'policies') => setSearch(v === 'policies' ? { tab: 'policies' } : {})}
        sx={{ mb: 2 }}
      >
        <Tab value="new" label="New policy" />
        <Tab value="policies" label="Policies" />
      </Tabs>
      {tab === 'new' ? (
        <>
          <Paper sx={{ p: 2, mb: 2 }}>
            <Typography sx={{ mb: 2 }}>
              A policy covers every buyer line to its buyer company: lines with the same D-U-N-S number, or
              the same name in the same country. A buyer company has one policy at a time.
            </Typography>
            <TextField
              select
              id="insurance-company"
              label="Fill in the buyer company from a line"
              value={choice?.key ?? ''}
              onChange={(e) => setPicked(e.target.value)}
              helperText={
                lines.isLoading
                  ? 'Loading the buyer lines…'
                  : choices.length
                    ? 'Or type the company below'
                    : 'No buyer lines yet: type the company below'
              }
              sx={{ minWidth: { xs: '100%', sm: 420 } }}
            >
              <MenuItem value="">
                <em>Type the company</em>
              </MenuItem>
              {choices.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
          </Paper>
          <EntityForm
            key={choice?.key ?? 'typed'}
            model="Insurance"
            defaults={defaults}
            submitLabel="Save policy"
            onCancel={() => setSearch({ tab: 'policies' })}
            onSaved={(record) => {
              notify('Policy saved.');
              navigate(`/admin/insurance/${record.id}`);
            }}
          />
        </>
      ) : (
        <EntityList
          model="Insurance"
          rowTo={(r) => `/admin/insurance/${r.id}`}
          primaryAction={{ label: 'New policy', onClick: () => setSearch({}) }}
          onTotal={setTotal}
        />
      )}
    </>
  );
}
