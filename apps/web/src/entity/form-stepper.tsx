import { Paper, Step, StepButton, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { FieldErrors } from 'react-hook-form';
import type { Group, Values } from './form-sections.tsx';

/** The steps of a long form, one per section; a section with a field in error "Needs attention". */
export function FormStepper({
  groups,
  step,
  errors,
  onStep,
}: {
  groups: readonly Group[];
  step: number;
  errors: FieldErrors<Values>;
  onStep: (step: number) => void;
}) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
      <Stepper nonLinear activeStep={step} alternativeLabel={desktop} orientation="horizontal">
        {groups.map((g, i) => (
          <Step key={g.section} completed={false}>
            <StepButton
              color="inherit"
              onClick={() => onStep(i)}
              optional={
                g.fields.some((f) => errors[f.name]) ? (
                  <Typography variant="caption" color="error">
                    Needs attention
                  </Typography>
                ) : undefined
              }
            >
              {desktop || i === step ? g.section : ''}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
