import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

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
  const [over, setOver] = useState(false);

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
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
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
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
