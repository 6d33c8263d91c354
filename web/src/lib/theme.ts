import { createTheme } from '@mui/material/styles';

/** Width (px) from which the sidebar is permanently shown. */
export const SIDEBAR_BREAKPOINT = 768;
export const SIDEBAR_WIDTH = 256;

/**
 * The one theme of the app. Colours are chosen so that white text on any filled
 * colour (buttons, chips, banners) passes WCAG AA contrast.
 */
export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: 600, md: SIDEBAR_BREAKPOINT, lg: 1200, xl: 1536 },
  },
  palette: {
    primary: { main: '#3949ab', contrastText: '#ffffff' },
    secondary: { main: '#6a1b9a', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    warning: { main: '#a84300', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    success: { main: '#1b5e20', contrastText: '#ffffff' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.4rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
