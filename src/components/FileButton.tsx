import { Button, type ButtonProps } from '@mui/material';
import { useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';

type FileInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'accept' | 'multiple' | 'aria-label' | 'aria-describedby'
> & { 'data-testid'?: string };

/**
 * A button that opens the browser's file chooser. A `<label>` styled as a button (MUI's `component="label"`) does
 * nothing on Enter or Space; this is a real `<button>` that clicks its hidden file input, so it works from the
 * keyboard, and the focus stays on it once a file is chosen (WCAG 2.1.1, 2.4.3).
 */
export function FileButton({
  inputProps,
  onFiles,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'component'> & {
  inputProps?: FileInputProps;
  /** The change event of the input (the handler reads the files, then may clear the input's value). */
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} aria-describedby={inputProps?.['aria-describedby']} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input ref={input} hidden type="file" tabIndex={-1} {...inputProps} onChange={onFiles} />
    </>
  );
}
