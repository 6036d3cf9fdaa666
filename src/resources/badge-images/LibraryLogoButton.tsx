import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BadgeImagePickerDialog } from './BadgeImagePickerDialog';

/** A data: URL as a file, so that a picked library image travels like an uploaded logo. */
async function dataUrlFile(dataUrl: string, name: string): Promise<File> {
  const blob = await (await fetch(dataUrl)).blob();
  return new File([blob], `${name.replace(/[\\/:*?"<>|]+/g, '-') || 'badge'}.png`, { type: 'image/png' });
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
        onPick={async ({ name, image }) => {
          onPick(await dataUrlFile(image, name));
          setOpen(false);
        }}
      />
    </>
  );
}
