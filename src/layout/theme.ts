import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material';
import type { BrandLook } from '../components/brand/brand';
import { checkboxLabelOnInput } from './checkboxLabel';

const shared = (brand: BrandLook): RaThemeOptions => ({
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600, letterSpacing: '-0.01em' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { styleOverrides: { colorPrimary: { backgroundColor: brand.primary } } },
    MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } },
    // a list wider than a phone scrolls inside its card rather than pushing the whole page sideways (issue 31); the
    // lists a publisher uses on the go (campaigns, a report, search) turn into cards there instead (PhoneCards)
    RaList: {
      styleOverrides: {
        // on the table's own wrapper, not the list's card: a clipping card would hide the selection's toolbar, which
        // react-admin slides up over the list's header
        root: {
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        },
      },
    },
    // a disabled field's helper text says why it is disabled: readable (4.5:1), not greyed out like the field
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    // the "Rows per page" select has no border or underline: a keyboard focus ring shows where the focus is
    MuiTablePagination: {
      styleOverrides: {
        select: ({ theme }: { theme: Theme }) => ({
          borderRadius: 4,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        }),
      },
    },
  },
});

export function lightTheme(brand: BrandLook): RaThemeOptions {
  return {
    ...defaultLightTheme,
    ...shared(brand),
    palette: {
      mode: 'light',
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      // MUI's #ed6c02 and #d32f2f fall under 4.5:1 with white text on a button, or as text on the bulk-selection bar's
      // tint (3.1 and 3.8:1, axe color-contrast): the darker shades keep both above 5:1
      warning: { main: '#b45309' },
      error: { main: '#b71c1c' },
      background: { default: '#f4f6f5', paper: '#ffffff' },
    },
  };
}

export function darkTheme(brand: BrandLook): RaThemeOptions {
  return {
    ...defaultDarkTheme,
    ...shared(brand),
    components: {
      ...shared(brand).components,
      MuiAppBar: { styleOverrides: { colorPrimary: { backgroundColor: '#15201c' } } },
    },
    palette: {
      mode: 'dark',
      primary: { main: '#7cc4a8' },
      secondary: { main: brand.secondary },
      // MUI's #f44336 reads at 4.5:1 on the paper and 2.9:1 on the bulk-selection bar (axe color-contrast)
      error: { main: '#ef9a9a' },
      background: { default: '#0f1513', paper: '#18211e' },
    },
  };
}
