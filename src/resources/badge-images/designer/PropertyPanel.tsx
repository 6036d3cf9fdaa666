import { Button, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { closestFace, type FontFamily } from '../../../../domain/badgeImage/fonts';
import {
  COLOR_ORIENTATIONS,
  FILL_TYPES,
  FONT_STYLES,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  RANGES,
  SHADOWS,
  SHAPES,
  TEXT_MAX_LENGTH,
  type BadgeElement,
  type IconElement,
  type ImageElement,
  type ShapeElement,
  type TextElement,
} from '../../../../domain/badgeImage/model';
import { exceedsPixelBounds, IMAGE_PIXEL_BOUNDS } from '../../../../domain/imageDimensions';
import { ColorField, SelectField, SliderField, SwitchField } from './fields';

interface PanelProps<E extends BadgeElement> {
  element: E;
  onChange(patch: Partial<E>): void;
  palette: string[];
}

const f = (name: string) => `designer.fields.${name}`;

function Placement<E extends BadgeElement>({ element, onChange }: PanelProps<E>) {
  const disabled = element.type === 'image' && !element.image;
  return (
    <>
      <SliderField
        label={f('x')}
        value={element.x}
        range={RANGES.x}
        disabled={disabled}
        onChange={(x) => onChange({ x } as Partial<E>)}
      />
      <SliderField
        label={f('y')}
        value={element.y}
        range={RANGES.y}
        disabled={disabled}
        onChange={(y) => onChange({ y } as Partial<E>)}
      />
      <SliderField
        label={f('rotate')}
        value={element.rotate}
        range={RANGES.rotate}
        disabled={disabled}
        onChange={(rotate) => onChange({ rotate } as Partial<E>)}
      />
    </>
  );
}

function ShapePanel(props: PanelProps<ShapeElement>) {
  const translate = useTranslate();
  const { element: shape, onChange, palette } = props;
  return (
    <>
      <SelectField
        label={f('shape')}
        value={shape.shape}
        options={SHAPES}
        optionLabel={(s) => translate(`designer.shapes.${s}`)}
        onChange={(value) => onChange({ shape: value })}
      />
      <SliderField
        label={f('width')}
        value={shape.width}
        range={RANGES.width}
        onChange={(width) => onChange({ width })}
      />
      <SliderField
        label={f('height')}
        value={shape.height}
        range={RANGES.height}
        onChange={(height) => onChange({ height })}
      />
      <SwitchField
        label={f('linkWidthHeight')}
        checked={shape.linkWidthHeight}
        onChange={(linkWidthHeight) => onChange({ linkWidthHeight })}
      />
      <Placement {...props} />
      <SliderField
        label={f('strokeSize')}
        value={shape.strokeSize}
        range={RANGES.strokeSize}
        onChange={(strokeSize) => onChange({ strokeSize })}
      />
      <ColorField
        label={f('strokeColor')}
        value={shape.strokeColor}
        palette={palette}
        onChange={(strokeColor) => onChange({ strokeColor })}
      />
      <SelectField
        label={f('shadow')}
        value={shape.shadow}
        options={SHADOWS}
        optionLabel={(s) => translate(`designer.shadows.${s}`)}
        onChange={(shadow) => onChange({ shadow })}
      />
      <SelectField
        label={f('fillType')}
        value={shape.fillType}
        options={FILL_TYPES}
        optionLabel={(s) => translate(`designer.fill_types.${s}`)}
        onChange={(fillType) => onChange({ fillType })}
      />
      <ColorField
        label={f('fillColor')}
        value={shape.fillColor}
        palette={palette}
        onChange={(fillColor) => onChange({ fillColor })}
      />
      {shape.fillType === 'twoColors' ? (
        <>
          <ColorField
            label={f('fill2Color')}
            value={shape.fill2Color}
            palette={palette}
            onChange={(fill2Color) => onChange({ fill2Color })}
          />
          <SelectField
            label={f('colorOrientation')}
            value={shape.colorOrientation}
            options={COLOR_ORIENTATIONS}
            optionLabel={(s) => translate(`designer.orientations.${s}`)}
            onChange={(colorOrientation) => onChange({ colorOrientation })}
          />
          <SliderField
            label={f('colorOffset')}
            value={shape.colorOffset}
            range={RANGES.colorOffset}
            onChange={(colorOffset) => onChange({ colorOffset })}
          />
          <SwitchField label={f('gradiant')} checked={shape.gradiant} onChange={(gradiant) => onChange({ gradiant })} />
        </>
      ) : null}
    </>
  );
}

function TextPanel(props: PanelProps<TextElement> & { fonts: FontFamily[] }) {
  const translate = useTranslate();
  const { element: text, onChange, palette, fonts } = props;
  const family = fonts.find((font) => font.family === text.font.family) ?? fonts[0];
  const weights = [
    ...new Set(family?.faces.filter((face) => face.style === text.font.style).map((face) => face.weight) ?? []),
  ].sort((a, b) => a - b);
  // only the styles this family has (a face the font files lack would be drawn differently by each renderer)
  const styles = FONT_STYLES.filter((style) => family?.faces.some((face) => face.style === style) ?? true);
  return (
    <>
      <TextField
        size="small"
        label={translate(f('text'))}
        value={text.text}
        slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
        onChange={(event) => onChange({ text: event.target.value })}
      />
      <SelectField
        label={f('fontFamily')}
        value={text.font.family}
        options={fonts.map((font) => font.family)}
        optionLabel={(s) => s}
        onChange={(familyName) => {
          const next = fonts.find((font) => font.family === familyName);
          // the nearest face of the new family, so the lists below always show what is drawn
          const face = next ? closestFace(next, text.font.weight, text.font.style) : text.font;
          onChange({ font: { family: familyName, weight: face.weight, style: face.style } });
        }}
      />
      <SelectField
        label={f('fontWeight')}
        value={text.font.weight}
        options={weights}
        optionLabel={(w) => translate(`designer.weights.${w}`, { _: String(w) })}
        onChange={(weight) => onChange({ font: { ...text.font, weight } })}
      />
      <SelectField
        label={f('fontStyle')}
        value={text.font.style}
        options={styles}
        optionLabel={(s) => translate(`designer.font_styles.${s}`)}
        onChange={(style) => {
          const face = family ? closestFace(family, text.font.weight, style) : { weight: text.font.weight };
          onChange({ font: { ...text.font, style, weight: face.weight } });
        }}
      />
      <Placement {...props} />
      <SliderField
        label={f('scale')}
        value={text.scale}
        range={RANGES.textScale}
        onChange={(scale) => onChange({ scale })}
      />
      <SliderField
        label={f('radius')}
        value={text.radius}
        range={RANGES.radius}
        onChange={(radius) => onChange({ radius })}
      />
      <SliderField
        label={f('letterSpacing')}
        value={text.letterSpacing}
        range={RANGES.letterSpacing}
        onChange={(letterSpacing) => onChange({ letterSpacing })}
      />
      <ColorField label={f('color')} value={text.color} palette={palette} onChange={(color) => onChange({ color })} />
    </>
  );
}

function IconPanel(props: PanelProps<IconElement> & { onPickIcon(): void }) {
  const translate = useTranslate();
  const { element: icon, onChange, palette, onPickIcon } = props;
  return (
    <>
      <Button variant="outlined" onClick={onPickIcon}>
        {translate('designer.choose_icon')}
      </Button>
      <SliderField
        label={f('scale')}
        value={icon.scale}
        range={RANGES.iconScale}
        onChange={(scale) => onChange({ scale })}
      />
      <Placement {...props} />
      <SwitchField
        label={f('editThickness')}
        checked={icon.editThickness}
        onChange={(editThickness) => onChange({ editThickness })}
      />
      <SliderField
        label={f('thickness')}
        value={icon.thickness}
        range={RANGES.thickness}
        disabled={!icon.editThickness}
        onChange={(thickness) => onChange({ thickness })}
      />
      <ColorField label={f('color')} value={icon.color} palette={palette} onChange={(color) => onChange({ color })} />
    </>
  );
}

function ImagePanel(props: PanelProps<ImageElement>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { element: image, onChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  function choose(file: File | undefined) {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type as (typeof IMAGE_TYPES)[number])) {
      setError(translate('designer.image_bad_type'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setError(translate('designer.image_too_large', { max: IMAGE_MAX_BYTES / 1024 }));
      return;
    }
    // the server's pixel bound, read from the header here too so the user hears it at once
    void file.arrayBuffer().then((buffer) => {
      if (exceedsPixelBounds(new Uint8Array(buffer), IMAGE_PIXEL_BOUNDS)) {
        setError(
          translate('designer.image_too_many_pixels', {
            side: new Intl.NumberFormat(locale).format(IMAGE_PIXEL_BOUNDS.side),
          }),
        );
        return;
      }
      setError(null);
      const reader = new FileReader();
      reader.onload = () => onChange({ image: String(reader.result) });
      reader.readAsDataURL(file);
    });
  }
  return (
    <>
      <Button variant="outlined" onClick={() => input.current?.click()}>
        {translate(image.image ? 'designer.replace_image' : 'designer.choose_image')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_TYPES.join(',')}
        data-testid="designer-image-input"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {error ? (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      ) : null}
      <SliderField
        label={f('scale')}
        value={image.scale}
        range={RANGES.imageScale}
        disabled={!image.image}
        onChange={(scale) => onChange({ scale })}
      />
      <Placement {...props} />
    </>
  );
}

/** The property panel of the selected element: every field of its type within its range. */
export function PropertyPanel({
  element,
  onChange,
  palette,
  fonts,
  onPickIcon,
}: {
  element: BadgeElement;
  onChange(patch: Partial<BadgeElement>): void;
  palette: string[];
  fonts: FontFamily[];
  onPickIcon(): void;
}) {
  const translate = useTranslate();
  const common = { onChange, palette } as const;
  return (
    <Stack spacing={1.5} aria-label={translate(`designer.types.${element.type}`)} role="form">
      <Typography variant="subtitle2">{translate(`designer.types.${element.type}`)}</Typography>
      {element.type === 'shape' ? <ShapePanel element={element} {...common} /> : null}
      {element.type === 'text' ? <TextPanel element={element} {...common} fonts={fonts} /> : null}
      {element.type === 'icon' ? <IconPanel element={element} {...common} onPickIcon={onPickIcon} /> : null}
      {element.type === 'image' ? <ImagePanel element={element} {...common} /> : null}
    </Stack>
  );
}
