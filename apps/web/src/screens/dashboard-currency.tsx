import { Chip, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { chosenCurrency } from './dashboard-links.ts';

/**
 * The dashboard's currency, kept in the address (`?currency=`) so a reload, Back or a shared link
 * shows the same one; by default the first of the caller's currencies that has requests (else the
 * first). Figures are never shown summed across currencies (docs/business-rules.md, “Dashboards”).
 */
export function useCurrencyChoice(currencies: readonly string[], withRequests: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const currency = chosenCurrency(currencies, params.get('currency'), withRequests);
  const choose = useCallback(
    (c: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('currency', c);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [currency, choose] as const;
}

export function CurrencyChips({
  currencies,
  value,
  onChange,
}: {
  currencies: readonly string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="body2" color="text.secondary" id="currency-label">
        Currency
      </Typography>
      <Stack
        direction="row"
        role="group"
        aria-labelledby="currency-label"
        sx={{ gap: 0.75, flexWrap: 'wrap' }}
      >
        {currencies.map((c) => (
          <Chip
            key={c}
            label={c}
            onClick={() => onChange(c)}
            color={c === value ? 'primary' : 'default'}
            variant={c === value ? 'filled' : 'outlined'}
            aria-pressed={c === value}
          />
        ))}
      </Stack>
    </Stack>
  );
}
