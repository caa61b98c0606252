import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import type { InputProps } from './field-inputs.tsx';
import { userHelp } from './field-inputs.tsx';

/** A `multiple` field's values as the checkboxes hold them ("Invoice; Packing list" → two). */
export const splitChoices = (value: unknown): string[] =>
  (value === null || value === undefined ? '' : String(value))
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

/** …and as they are stored: joined by "; " (the registry's `multiple`). */
export const joinChoices = (values: readonly string[]): string => values.join('; ');

/** Whether a field is entered as a group of checkboxes: a text field holding several of its `values`. */
export const isChoiceGroup = (p: Pick<InputProps, 'field'>): boolean =>
  Boolean(p.field.multiple && p.field.values?.length);

/**
 * A text field holding several of its `values` (the registry's `multiple`): one checkbox per value,
 * in the registry's order, stored joined by "; ".
 */
export function ChoiceGroupInput(p: InputProps) {
  const chosen = splitChoices(p.value);
  const toggle = (value: string, on: boolean) => {
    const next = (p.field.values ?? []).filter((v) => (v === value ? on : chosen.includes(v)));
    p.onChange(joinChoices(next));
    p.onBlur();
  };
  const help = p.error ?? userHelp(p.field);
  return (
    <FormControl
      component="fieldset"
      error={Boolean(p.error)}
      required={p.required}
      disabled={p.disabled}
      id={p.name}
    >
      <FormLabel component="legend">{p.field.label}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {(p.field.values ?? []).map((v) => (
          <FormControlLabel
            key={v}
            control={
              <Checkbox
                name={p.name}
                value={v}
                checked={chosen.includes(v)}
                onChange={(e) => toggle(v, e.target.checked)}
              />
            }
            label={p.field.valueLabels?.[v] ?? v}
          />
        ))}
      </FormGroup>
      {help && <FormHelperText>{help}</FormHelperText>}
    </FormControl>
  );
}
