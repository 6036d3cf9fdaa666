import { LinearProgress, type LinearProgressProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A loading bar with a name for screen readers (axe: aria-progressbar-name), in the reader's language. */
export function LoadingBar(props: LinearProgressProps) {
  const translate = useTranslate();
  return <LinearProgress aria-label={translate('ra.page.loading')} {...props} />;
}
