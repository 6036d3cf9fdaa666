import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';

/** A zone that takes one file, dropped on it or chosen with its button. */
export function FileDrop({
  accept,
  title,
  hint,
  buttonLabel,
  inputLabel,
  disabled,
  onFile,
  children,
}: {
  accept: string;
  title: string;
  hint: string;
  buttonLabel: string;
  /** the accessible name of the file input */
  inputLabel: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState(false);
  // the button is disabled while the chosen file is read, which drops the focus to <body>: it comes back once read
  const refocus = useRef(false);
  useEffect(() => {
    if (disabled || !refocus.current) return;
    refocus.current = false;
    if (document.activeElement === document.body) button.current?.focus();
  }, [disabled]);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        borderRadius: 2,
        px: 3,
        py: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 2.5,
        flexWrap: 'wrap',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <UploadFileIcon sx={{ fontSize: 40, color: over ? 'primary.main' : 'text.disabled' }} aria-hidden="true" />
      <Box sx={{ flexGrow: 1, minWidth: 220 }}>
        <Typography fontWeight={600}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
        {children}
      </Box>
      <Button ref={button} variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          refocus.current = document.activeElement === button.current;
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
