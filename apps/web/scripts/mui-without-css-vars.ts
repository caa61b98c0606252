// MUI's CSS-variables theming left out of the bundle (docs/architecture.md, “Web bundle and first load”).
import type { Plugin } from 'vite';

/**
 * The modules of @mui/material/styles that serve only themes made with `cssVariables` or
 * `colorSchemes`, which this app's theme (src/app/theme.ts) does not use: MUI's `createTheme` and
 * `ThemeProvider` pick their "no variables" variants for it at run time, but import both, and the
 * variables' machinery (the CSS variables provider, color-scheme storage and script, the variables'
 * theme) weighed about 7 KB gzip of the entry every page loads.
 */
const WITH_VARS = /^\.\/(ThemeProviderWithVars|createThemeWithVars)\.mjs$/;
const IN_MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/][^\\/]+\.mjs$/;
const STUB = '\0rf-mui-without-css-vars';

const refuse = (what: string) =>
  `() => { throw new Error('${what}: this build leaves out MUI CSS variables (apps/web/scripts/mui-without-css-vars.ts)'); }`;

/** What stands in for those modules: the same exports, each failing loudly if ever called. */
const STUB_CODE = `
export const CssVarsProvider = ${refuse('CssVarsProvider')};
export const Experimental_CssVarsProvider = CssVarsProvider;
export const useColorScheme = ${refuse('useColorScheme')};
export const getInitColorSchemeScript = ${refuse('getInitColorSchemeScript')};
export const createGetCssVar = ${refuse('createGetCssVar')};
export default ${refuse('createTheme with cssVariables or colorSchemes')};
`;

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'rf-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && WITH_VARS.test(source) && IN_MUI_STYLES.test(importer)) return STUB;
      return null;
    },
    load(id) {
      return id === STUB ? STUB_CODE : null;
    },
  };
}
