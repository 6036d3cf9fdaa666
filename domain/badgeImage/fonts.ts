/**
 * The fonts we bundle and serve for badge texts (the font manifest of spec 002 section 7): each face is a file the
 * server serves at /api/badge_lib/fonts/{file} and loads into its SVG rasteriser.
 */
export interface BundledFontFace {
  weight: number;
  style: 'normal' | 'italic';
  file: string;
}

export interface FontFamily {
  family: string;
  faces: BundledFontFace[];
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

/** The manifest as served: each face with the address of its file. */
export type FontManifest = { family: string; faces: (BundledFontFace & { url: string })[] }[];
