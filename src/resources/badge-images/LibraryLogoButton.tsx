import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BadgeImagePickerDialog } from './BadgeImagePickerDialog';

/** A data: URL as a file, so that a picked library image travels like an uploaded logo. */
function dataUrlFile(dataUrl: string, name: string): File {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new File([bytes], `${name.replace(/[\\/:*?"<>|]+/g, '-') || 'badge'}.png`, { type: 'image/png' });
}

/** The badge template editor's way into the image library: the chosen design becomes the badge logo (480x480 PNG). */
export function LibraryLogoButton({ onPick }: { onPick(file: File): void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate('resources.badge-images.actions.open_library')}
      </Button>
      <BadgeImagePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onPick={({ name, image }) => {
          onPick(dataUrlFile(image, name));
          setOpen(false);
        }}
      />
    </>
  );
}
