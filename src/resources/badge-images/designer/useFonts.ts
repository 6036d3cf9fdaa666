import { useQuery } from '@tanstack/react-query';
import { BUNDLED_FONTS, DEFAULT_FONT_FAMILY, type FontFamily } from '../../../../domain/badgeImage/fonts';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';

/**
 * The font manifest we serve, each face declared to the document (@font-face) so the canvas draws with the same
 * font files as the server's renderer. The default family is loaded before the canvas first draws; the others are
 * fetched when a text first uses them (the canvas lays the text out again then).
 */
export function useFonts(): { fonts: FontFamily[]; ready: boolean } {
  const dataProvider = useLaurelDataProvider();
  const { data, isSuccess } = useQuery({
    queryKey: ['badge-images', 'fonts'],
    staleTime: Infinity,
    queryFn: async () => {
      const manifest = await dataProvider.badgeFontManifest();
      const declared = manifest.flatMap((family) =>
        family.faces.map((face) => {
          const fontFace = new FontFace(family.family, `url(${face.url})`, {
            weight: String(face.weight),
            style: face.style,
          });
          document.fonts.add(fontFace);
          return { family: family.family, fontFace };
        }),
      );
      await Promise.all(declared.filter((d) => d.family === DEFAULT_FONT_FAMILY).map((d) => d.fontFace.load()));
      return manifest as FontFamily[];
    },
  });
  return { fonts: data ?? BUNDLED_FONTS, ready: isSuccess };
}
