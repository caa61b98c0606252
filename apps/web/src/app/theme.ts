import { createTheme } from '@mui/material/styles';

/**
 * Dark navy primary, light grey page, headings 35 → 14 px, weight 500
 * (docs/architecture.md, “Loading, session and errors”).
 */
export const PRIMARY = '#1a2746';

const heading = (px: number) => ({ fontSize: `${px / 16}rem`, fontWeight: 500, lineHeight: 1.25 });

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, contrastText: '#ffffff' },
    secondary: { main: '#3d6bb3' },
    background: { default: '#f2f3f5', paper: '#ffffff' },
    // MUI's default red (#d32f2f) is 4.49:1 on the grey page, just short of WCAG AA for text.
    error: { main: '#c62828' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeightRegular: 500,
    fontWeightMedium: 500,
    h1: heading(35),
    h2: heading(30),
    h3: heading(25),
    h4: heading(20),
    h5: heading(16),
    h6: heading(14),
    body1: { fontWeight: 500 },
    body2: { fontWeight: 500 },
    button: { fontWeight: 500, textTransform: 'none' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'html, body, #root': { height: '100%' },
        '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.25rem', fontWeight: 500 } } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e2e4e9' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
  },
});
