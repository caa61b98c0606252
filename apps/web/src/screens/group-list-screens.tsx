import { Button, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { ORGANISATION_TYPES, PARTY_PATH, typeLabel, type GroupType } from './group-common.tsx';
import { OrganisationList } from './organisation-list.tsx';

/** `groups`: the organisations and their users; admin sees tabs per group type. */
export function GroupsScreen({ area }: { area: AreaKey }) {
  const navigate = useNavigate();
  const base = AREAS[area].base;
  const [search, setSearch] = useSearchParams();
  const tabs: (GroupType | 'All')[] = area === 'admin' ? ['All', ...ORGANISATION_TYPES] : ['All'];
  const tabParam = search.get('tab');
  const tab = tabs.find((t) => t === tabParam) ?? 'All';
  const [total, setTotal] = useState<number | null>(null);
  const newLabel = area === 'broker' ? 'New supplier organisation' : 'New organisation';
  const newTo = `${base}/newuser${tab !== 'All' ? `?type=${tab}` : ''}`;
  return (
    <>
      <PageHeader
        title={area === 'admin' ? 'Users & groups' : 'Users'}
        count={total}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(newTo)}>
            {newLabel}
          </Button>
        }
      />
      {area === 'broker' && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your own organisation and the supplier organisations you introduced. Open one to see its users and
          invite more.
        </Typography>
      )}
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_, v: GroupType | 'All') => setSearch(v === 'All' ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          sx={{ mb: 2 }}
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={t === 'All' ? 'All' : `${typeLabel(t)} groups`} />
          ))}
        </Tabs>
      )}
      <OrganisationList
        key={tab}
        groupType={tab === 'All' ? undefined : tab}
        onTotal={setTotal}
        rowTo={(g) => `${base}/user/${g.groupId}`}
        primaryAction={{ label: newLabel, onClick: () => navigate(newTo) }}
      />
    </>
  );
}

/** `suppliergroups`, `investorgroups`, …: organisations of one type, to open or give a company record. */
export function PartyGroupsScreen({ area, groupType }: { area: AreaKey; groupType: GroupType }) {
  const navigate = useNavigate();
  const base = AREAS[area].base;
  const [total, setTotal] = useState<number | null>(null);
  const label = `New ${typeLabel(groupType) === 'SPV' ? 'SPV' : typeLabel(groupType).toLowerCase()} organisation`;
  const to = `${base}/newuser?type=${groupType}`;
  return (
    <>
      <PageHeader
        title={`${typeLabel(groupType)} groups`}
        count={total}
        crumbs={[
          { label: `${typeLabel(groupType)}s`, to: `${base}/${PARTY_PATH[groupType]}s` },
          { label: 'Groups' },
        ]}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(to)}>
            {label}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {area === 'broker'
          ? 'The supplier organisations you introduced. Open one to see its users, invite more and complete its company record.'
          : 'Open an organisation to see its users and create its company record.'}
      </Typography>
      <OrganisationList
        groupType={groupType}
        onTotal={setTotal}
        rowTo={(g) => `${base}/user/${g.groupId}`}
        primaryAction={{ label, onClick: () => navigate(to) }}
      />
    </>
  );
}
