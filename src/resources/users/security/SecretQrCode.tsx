import { Box, Skeleton } from '@mui/material';
import { useEffect, useState } from 'react';

/** The otpauth:// address as a QR code for the phone's camera; the generator loads only on this page. */
export function SecretQrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(uri);
      qr.make();
      if (active) setSrc(qr.createDataURL(5, 2));
    });
    return () => {
      active = false;
    };
  }, [uri]);
  return (
    <Box
      sx={{
        width: 184,
        height: 184,
        p: 1,
        bgcolor: '#fff',
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    >
      {src ? (
        <img src={src} alt={label} width={166} height={166} style={{ imageRendering: 'pixelated', display: 'block' }} />
      ) : (
        <Skeleton variant="rectangular" width={166} height={166} />
      )}
    </Box>
  );
}
