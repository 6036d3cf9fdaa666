import { Box, Skeleton } from '@mui/material';
import { lazy, memo, Suspense, useCallback, useRef, type KeyboardEvent } from 'react';
import { useInput } from 'react-admin';
import type { BadgeModel } from '../../../domain/badgeImage/model';

// konva comes with the designer, in its own chunk. Its props do not change: the designer renders on its own changes,
// not once more when the form takes the new model.
const Designer = lazy(() => import('./designer/Designer').then((m) => ({ default: memo(m.Designer) })));

/**
 * The vector designer as the form's `model` input (spec 002 section 2.6). The designer keeps its own undo history and
 * reports each change; the field takes the new model (the form is dirty while it differs from the saved one), or the
 * saved model itself once every change is undone, so that undoing everything leaves a clean form.
 */
export function BadgeModelInput({ source = 'model' }: { source?: string }) {
  const { field } = useInput<BadgeModel>({ source });
  // the model the designer starts from: the form's value when this input first renders
  const initial = useRef<BadgeModel>(field.value);
  const { onChange } = field;
  const valueNow = useRef(field.value);
  valueNow.current = field.value;

  const onDesignChange = useCallback(
    (next: BadgeModel, changed: boolean) => {
      const value = changed ? next : initial.current;
      if (value !== valueNow.current) onChange(value);
    },
    [onChange],
  );

  return (
    // Enter in one of the designer's fields edits the design; it must not submit the image's form
    <Box onKeyDown={preventImplicitSubmit}>
      <Suspense fallback={<Skeleton variant="rounded" width={1100} height={512} />}>
        <Designer initial={initial.current} onChange={onDesignChange} />
      </Suspense>
    </Box>
  );
}

function preventImplicitSubmit(event: KeyboardEvent) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}
