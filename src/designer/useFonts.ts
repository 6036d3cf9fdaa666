import { useQuery } from '@tanstack/react-query';
import { BUNDLED_FONTS, type FontFamily } from '../../domain/badgeImage/fonts';
import { useLaurelDataProvider } from '../dataProvider/useLaurelDataProvider';

/**
 * The font manifest we serve, with every face loaded into the document before the canvas draws text, so the
 * canvas uses the same font files as the server's renderer.
 */
export function useFonts(): { fonts: FontFamily[]; ready: boolean } {
  const dataProvider = useLaurelDataProvider();
  const { data, isSuccess } = useQuery({
    queryKey: ['badge-images', 'fonts'],
    staleTime: Infinity,
    queryFn: async () => {
      const manifest = await dataProvider.badgeFontManifest();
      await Promise.all(
        manifest.flatMap((family) =>
          family.faces.map(async (face) => {
            const loaded = await new FontFace(family.family, `url(${face.url})`, {
              weight: String(face.weight),
              style: face.style,
            }).load();
            document.fonts.add(loaded);
          }),
        ),
      );
      return manifest as FontFamily[];
    },
  });
  return { fonts: data ?? BUNDLED_FONTS, ready: isSuccess };
}
