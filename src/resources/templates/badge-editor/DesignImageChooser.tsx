import ImageIcon from '@mui/icons-material/Image';
import { Alert, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  checkDesignImageDataUrl,
  decodeBase64,
  DESIGN_IMAGE_DATA_URL_PREFIX,
  DESIGN_IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  SVG_TO_PNG_ERROR,
} from '../../../../domain/templateRules/images';
import type { CStyle } from '../../../../domain/templateRules/style';
import { chooseDesignImage, type DesignImageChoice } from './designImage';
import { FileButton } from '../../../components/FileButton';

/** The file picker offers PNG and SVG (converted to PNG in the browser). */
const ACCEPT = [IMAGE_MIME_TYPES.png, '.png', IMAGE_MIME_TYPES.svg, '.svg'].join(',');

/** The image the design holds (imported with another template's style, say): how the rules read it, its size. */
function currentImage(dataUrl: string | undefined) {
  if (dataUrl === undefined) return null;
  const check = checkDesignImageDataUrl(dataUrl);
  const accepted = check === 'ok' || check === 'large';
  const bytes = accepted ? decodeBase64(dataUrl.slice(DESIGN_IMAGE_DATA_URL_PREFIX.length)) : null;
  return { check, accepted, size: bytes?.length ?? 0 };
}

/**
 * The custom layout's design image (spec 001 section 5, Images): PNG only, at most 50000 bytes, a warning
 * above 75 % of that; an SVG is converted to PNG first. The image is kept in the design as a data URL.
 */
export function DesignImageChooser({ cstyle, onChange }: { cstyle: CStyle; onChange: (cstyle: CStyle) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const id = useId();
  const [refusal, setRefusal] = useState<Extract<DesignImageChoice, { kind: 'refused' }> | null>(null);
  const [reading, setReading] = useState(false);
  const current = useMemo(() => currentImage(cstyle.designImage), [cstyle.designImage]);
  const kilobytes = (bytes: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.ceil(bytes / 100) / 10);
  const max = kilobytes(DESIGN_IMAGE_MAX_BYTES);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    const choice = await chooseDesignImage(file);
    setReading(false);
    if (choice.kind === 'refused') {
      setRefusal(choice);
      return;
    }
    setRefusal(null);
    onChange({ ...cstyle, designImage: choice.dataUrl });
  };

  const remove = () => {
    setRefusal(null);
    const { designImage: _removed, ...rest } = cstyle;
    onChange(rest);
  };

  let notice: { severity: 'error' | 'warning'; text: string } | null = null;
  if (refusal?.reason === 'svg_to_png') {
    notice = { severity: 'error', text: translate('editor.design.image.svg_to_png_error', { _: SVG_TO_PNG_ERROR }) };
  } else if (refusal) {
    notice = {
      severity: 'error',
      text: translate(`editor.design.image.${refusal.reason}`, { size: kilobytes(refusal.size), max }),
    };
  } else if (current?.check === 'large') {
    notice = {
      severity: 'warning',
      text: translate('editor.design.image.large', { size: kilobytes(current.size), max }),
    };
  } else if (current && !current.accepted) {
    notice = { severity: 'error', text: translate(`editor.errors.${current.check}`) };
  }

  return (
    <Box
      role="group"
      aria-labelledby={`${id}-title`}
      sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={`${id}-title`} variant="subtitle2" component="h4">
        {translate('editor.design.image.title')}
      </Typography>
      <FormHelperText id={`${id}-hint`} sx={{ mt: 0, mb: 1 }}>
        {translate('editor.design.image.hint', { max })}
      </FormHelperText>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            flex: 'none',
            borderRadius: 1,
            border: 1,
            // red only when the design's own image is refused, not when a new choice was
            borderColor: current && !current.accepted ? 'error.main' : 'divider',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            bgcolor: 'background.default',
          }}
        >
          {cstyle.designImage && current?.accepted ? (
            <Box
              component="img"
              src={cstyle.designImage}
              alt=""
              data-testid="design-image-thumbnail"
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <ImageIcon color="disabled" />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2">
            {!current
              ? translate('editor.design.image.none')
              : current.accepted
                ? translate('editor.design.image.current', { size: kilobytes(current.size) })
                : translate('editor.logo.current')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <FileButton
              size="small"
              variant="outlined"
              disabled={reading}
              inputProps={{
                accept: ACCEPT,
                'aria-label': translate('editor.design.image.title'),
                'aria-describedby': `${id}-hint`,
              }}
              onFiles={(event) => void choose(event)}
            >
              {translate(current ? 'editor.logo.replace' : 'editor.logo.choose')}
            </FileButton>
            {current && (
              <Button size="small" color="inherit" onClick={remove}>
                {translate('editor.logo.remove')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      {notice && (
        <Alert severity={notice.severity} sx={{ mt: 1.5 }} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
    </Box>
  );
}
