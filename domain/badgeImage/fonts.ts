/**
 * The fonts we bundle and serve for badge texts (the font manifest of spec 002 section 7): each face is a file the
 * server serves at /api/badge_lib/fonts/{file} and loads into its SVG rasteriser.
 */
export interface FontFace {
  weight: number;
  style: 'normal' | 'italic';
  file: string;
}

export interface FontFamily {
  family: string;
  faces: FontFace[];
}

export const BUNDLED_FONTS: FontFamily[] = [
  {
    family: 'DejaVu Sans',
    faces: [
      { weight: 400, style: 'normal', file: 'DejaVuSans.ttf' },
      { weight: 700, style: 'normal', file: 'DejaVuSans-Bold.ttf' },
    ],
  },
];

export const isBundledFamily = (family: string): boolean => BUNDLED_FONTS.some((f) => f.family === family);

export const DEFAULT_FONT_FAMILY = BUNDLED_FONTS[0].family;
