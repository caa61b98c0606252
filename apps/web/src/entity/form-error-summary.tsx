import type { FieldDef } from '@rf/domain/fields';
import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import type { FieldErrors } from 'react-hook-form';
import type { Values } from './form-sections.tsx';

/**
 * The form's summary of what stops it: the server's refusal, and after a submit every field in
 * error as a link that focuses it. Nothing when all is well.
 */
export function FormErrorSummary({
  submitted,
  refused,
  serverError,
  errorList,
  errors,
  onFocus,
}: {
  submitted: boolean;
  refused: boolean;
  serverError: string | null;
  errorList: readonly FieldDef[];
  errors: FieldErrors<Values>;
  onFocus: (name: string) => void;
}) {
  if (!((errorList.length > 0 && submitted) || serverError || refused)) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{refused ? 'The record was not saved' : 'Please correct these fields'}</AlertTitle>
      {serverError && <Typography variant="body2">{serverError}</Typography>}
      {submitted && errorList.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {errorList.map((f) => (
            <li key={f.name}>
              <Link component="button" type="button" onClick={() => onFocus(f.name)}>
                {String(errors[f.name]?.message ?? f.label)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
