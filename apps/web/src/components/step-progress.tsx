import { Box, Progress, Stepper } from '@mantine/core';

export interface StepLabel {
  /** Under the step's dot. */
  short: string;
  /** What a screen reader says for it. */
  full: string;
}

/**
 * Where a multi-step form is: a bar on a phone, a stepper with the steps' names from `sm` up.
 * The stepper lets a person go back to a step they may select (`selectable`).
 */
export function StepProgress(props: {
  steps: StepLabel[];
  step: number;
  label: string;
  onStepClick: (step: number) => void;
  selectable: (step: number) => boolean;
}) {
  const { steps, step } = props;
  return (
    <>
      <Progress value={((step + 1) / steps.length) * 100} size="sm" radius="xl" hiddenFrom="sm" aria-label={props.label} />
      <Box visibleFrom="sm">
        <Stepper
          active={step}
          size="xs"
          iconSize={28}
          labelPosition="bottom"
          wrap={false}
          onStepClick={props.onStepClick}
          allowNextStepsSelect={false}
        >
          {steps.map((s, i) => (
            <Stepper.Step key={s.short} label={s.short} aria-label={s.full} allowStepSelect={props.selectable(i)} />
          ))}
        </Stepper>
      </Box>
    </>
  );
}
