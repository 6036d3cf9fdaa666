/**
 * The fonts we bundle and serve for badge texts (the font manifest of spec 002 section 7): each face is a file the
 * server serves at /api/badge_lib/fonts/{file} and loads into its SVG rasteriser, so the designer's canvas (through
 * @font-face) and the server's render draw the same faces. DejaVu Sans is the PDF renderer's copy; the others are
 * the TTF files of npm packages under the SIL Open Font License (@expo-google-fonts/*), read where npm installed them.
 */
export interface BundledFontFace {
  weight: number;
  style: 'normal' | 'italic';
  file: string;
}

export interface FontFamily {
  family: string;
  /** The npm package whose folders hold the faces' files (`<package>/<weight folder>/<file>`); none: DejaVu's copy. */
  package?: string;
  faces: BundledFontFace[];
}

const WEIGHT_NAMES: Record<number, string> = { 400: 'Regular', 700: 'Bold', 800: 'ExtraBold' };

/**
 * The faces of an @expo-google-fonts package, each weight upright then italic where `italics` has it:
 * `Lora_700Bold_Italic.ttf` in its folder `700Bold_Italic`.
 */
const google = (prefix: string, weights: number[], italics: number[] = []): BundledFontFace[] =>
  weights.flatMap((weight) =>
    (['normal', 'italic'] as const)
      .filter((style) => style === 'normal' || italics.includes(weight))
      .map((style) => ({
        weight,
        style,
        file: `${prefix}_${weight}${WEIGHT_NAMES[weight]}${style === 'italic' ? '_Italic' : ''}.ttf`,
      })),
  );

export const BUNDLED_FONTS: FontFamily[] = [
  {
    family: 'DejaVu Sans',
    faces: [
      { weight: 400, style: 'normal', file: 'DejaVuSans.ttf' },
      { weight: 700, style: 'normal', file: 'DejaVuSans-Bold.ttf' },
    ],
  },
  {
    family: 'Open Sans',
    package: '@expo-google-fonts/open-sans',
    faces: google('OpenSans', [400, 700, 800], [400, 700]),
  },
  {
    family: 'Lora',
    package: '@expo-google-fonts/lora',
    faces: google('Lora', [400, 700], [400, 700]),
  },
  {
    family: 'Oswald',
    package: '@expo-google-fonts/oswald',
    faces: google('Oswald', [400, 700]),
  },
];

export const isBundledFamily = (family: string): boolean => BUNDLED_FONTS.some((f) => f.family === family);

export const DEFAULT_FONT_FAMILY = BUNDLED_FONTS[0].family;

/**
 * The face drawn for a choice of weight and style in a family: the same style if the family has it, then the
 * nearest weight (the choice the designer's lists offer, so what the canvas shows is what the server draws).
 */
export function closestFace(family: FontFamily, weight: number, style: 'normal' | 'italic'): BundledFontFace {
  const sameStyle = family.faces.filter((face) => face.style === style);
  const faces = sameStyle.length > 0 ? sameStyle : family.faces;
  return faces.reduce((best, face) => (Math.abs(face.weight - weight) < Math.abs(best.weight - weight) ? face : best));
}

/** The manifest as served: each face with the address of its file. */
export type FontManifest = { family: string; faces: (BundledFontFace & { url: string })[] }[];

/** The weight and style actually drawn for a text's font choice (by the canvas and the SVG renderer alike). */
export function drawnFont(font: { family: string; weight: number; style: 'normal' | 'italic' }): {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
} {
  const family = BUNDLED_FONTS.find((f) => f.family === font.family);
  if (!family) return font;
  const face = closestFace(family, font.weight, font.style);
  return { family: font.family, weight: face.weight, style: face.style };
}
