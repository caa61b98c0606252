import { Link } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The cell of a table row that is a real link to the row's record (keyboard, "open in new tab"). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ fontWeight: 500 }}
      onClick={(e: MouseEvent) => e.stopPropagation()}
    >
      {children}
    </Link>
  );
}

/** A whole-row click that opens the row, leaving clicks on its links and buttons to them. */
export const rowOpens =
  (open: () => void) =>
  (e: MouseEvent): void => {
    if (e.target instanceof Element && e.target.closest('a, button')) return;
    open();
  };
