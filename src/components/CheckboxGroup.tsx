import { Checkbox, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import { toggled } from './multipleChoice';

/**
 * A multiple choice as small checkboxes (the filter drawers' sections): each box adds or removes its value, in the
 * order the user picks them; `legend` names the group above its boxes where no section title does.
 */
export function CheckboxGroup<T extends string | number>({
  options,
  selected,
  onChange,
  label,
  legend,
}: {
  options: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  label: (value: T) => string;
  legend?: string;
}) {
  return (
    <FormGroup>
      {legend !== undefined && (
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          {legend}
        </FormLabel>
      )}
      {options.map((value) => (
        <FormControlLabel
          key={value}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(value)}
              onChange={() => onChange(toggled(selected, value))}
            />
          }
          label={label(value)}
        />
      ))}
    </FormGroup>
  );
}
