import { Checkbox, createTheme, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkboxLabelOnInput } from './checkboxLabel';

const theme = createTheme({ components: { MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } } } });

describe('checkbox labels on the input', () => {
  it('moves a label given to the Checkbox (react-admin row checkbox) from the root span to the input', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <Checkbox aria-label="Select this row" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select this row' }).tagName).toBe('INPUT');
    expect(container.querySelector('span[aria-label]')).toBeNull();
  });

  it('keeps labels given through inputProps or slotProps.input', () => {
    render(
      <ThemeProvider theme={theme}>
        <Checkbox inputProps={{ 'aria-label': 'Select all' }} />
        <Checkbox slotProps={{ input: { 'aria-label': 'Mail sent' } }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mail sent' })).toBeTruthy();
  });
});
