import type { CheckboxProps } from '@mui/material';

type CheckboxOwnerState = CheckboxProps & { 'aria-label'?: string };

/**
 * Default slot props of every MUI Checkbox that move an `aria-label` given to the Checkbox itself onto its input.
 * react-admin 5.15's DataTable row checkbox ("Select this row") passes `aria-label` to the Checkbox, which MUI
 * forwards to the root `<span>`: the input is left without a name and the span carries a label it may not have
 * (axe: aria-prohibited-attr and label, serious). A Checkbox labelled through `inputProps` or `slotProps.input`
 * keeps its own label.
 */
export const checkboxLabelOnInput = {
  root: (ownerState: CheckboxOwnerState) => ('aria-label' in ownerState ? { 'aria-label': undefined } : {}),
  input: (ownerState: CheckboxOwnerState) => {
    const inputProps = (ownerState.inputProps ?? {}) as Record<string, unknown>;
    const label = ownerState['aria-label'];
    return label && !inputProps['aria-label'] ? { ...inputProps, 'aria-label': label } : inputProps;
  },
};
