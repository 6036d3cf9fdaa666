import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardActionArea, Checkbox, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BadgeImageSummary } from '../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

/** Thumbnails are fetched by groups of this many tiles, so the first tiles show before the whole library. */
const CHUNK = 24;
/** The first group is about one row of a wide screen: the fewer cards before the first picture, the sooner it shows. */
const FIRST_CHUNK = 8;
export const TILE_SIZE = 140;

interface TilesProps {
  images: BadgeImageSummary[];
  selection: number[];
  onToggle(id: number): void;
  /** page mode shows a checkbox and an Edit button on selected tiles */
  onEdit?: (id: number) => void;
}

/** The library's tiles: each a server-rendered preview of its model and its name. */
export function BadgeImageTiles({ images, selection, onToggle, onEdit }: TilesProps) {
  // The first group renders alone until its thumbnails are painted (or a second has passed), the others after
  // it in a transition: 200 cards cost a few hundred ms of rendering on a loaded machine that would otherwise come
  // before the first thumbnail's call, or between its answer and its paint (docs/performance.md).
  const [all, setAll] = useState(false);
  const showAll = useCallback(
    () => requestAnimationFrame(() => setTimeout(() => startTransition(() => setAll(true)))),
    [],
  );
  useEffect(() => {
    const fallback = setTimeout(showAll, 1000);
    return () => clearTimeout(fallback);
  }, [showAll]);
  const shown = all ? images : images.slice(0, FIRST_CHUNK);
  const chunks: BadgeImageSummary[][] = [shown.slice(0, FIRST_CHUNK)];
  for (let i = FIRST_CHUNK; i < shown.length; i += CHUNK) chunks.push(shown.slice(i, i + CHUNK));
  return (
    <Box
      role="list"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(${TILE_SIZE + 24}px, 1fr))` }}
    >
      {chunks.map((chunk, index) => (
        <TileChunk
          key={chunk.map((image) => image.id).join(',')}
          {...{ images: chunk, selection, onToggle, onEdit }}
          eager={index === 0}
          onReady={index === 0 && !all ? showAll : undefined}
        />
      ))}
    </Box>
  );
}

/** Whether an element is on screen or near it (a screen's height ahead), once true staying true. */
function useNearScreen(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}

/**
 * A group of tiles whose thumbnails are fetched when the group comes near the screen: with a large library the
 * first tiles do not wait behind every other thumbnail (the library of 200 models shows its first tiles within 1 s:
 * docs/performance.md).
 */
function TileChunk({
  images,
  selection,
  onToggle,
  onEdit,
  eager,
  onReady,
}: TilesProps & { eager: boolean; onReady?: () => void }) {
  const dataProvider = useLaurelDataProvider();
  const [watch, near] = useNearScreen();
  const ids = images.map((image) => image.id);
  const updated = images.map((image) => image.updatedAt).join(',');
  const { data: thumbnails } = useQuery({
    queryKey: ['badge-images', 'thumbnails', ids, updated],
    queryFn: () => dataProvider.badgeImageThumbnails(ids),
    staleTime: 60_000,
    // the first group is on screen: its call starts with the first render, not after the observer's first report
    enabled: near || eager,
  });
  useEffect(() => {
    if (thumbnails && onReady) onReady();
  }, [thumbnails, onReady]);
  return images.map((image, index) => (
    <Tile
      key={image.id}
      ref={index === 0 ? watch : undefined}
      image={image}
      thumbnail={thumbnails?.[image.id]}
      selected={selection.includes(image.id)}
      onToggle={onToggle}
      onEdit={onEdit}
    />
  ));
}

function Tile({
  ref,
  image,
  thumbnail,
  selected,
  onToggle,
  onEdit,
}: {
  ref?: (element: HTMLElement | null) => void;
  image: BadgeImageSummary;
  thumbnail: string | null | undefined;
  selected: boolean;
  onToggle(id: number): void;
  onEdit?: (id: number) => void;
}) {
  const translate = useTranslate();
  return (
    <Card
      ref={ref}
      role="listitem"
      aria-label={image.name}
      variant="outlined"
      sx={{
        position: 'relative',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      {/* a list item cannot be "selected" (ARIA): the tile's button says whether it is pressed */}
      <CardActionArea onClick={() => onToggle(image.id)} aria-pressed={selected} sx={{ p: 1.5, textAlign: 'center' }}>
        {thumbnail ? (
          <Box
            component="img"
            src={thumbnail}
            alt=""
            sx={{ width: TILE_SIZE, height: TILE_SIZE, display: 'block', mx: 'auto' }}
          />
        ) : (
          <Skeleton variant="rounded" width={TILE_SIZE} height={TILE_SIZE} sx={{ mx: 'auto' }} />
        )}
        <Typography variant="body2" noWrap title={image.name} sx={{ mt: 1 }}>
          {image.name}
        </Typography>
      </CardActionArea>
      {selected && onEdit ? (
        <>
          <Checkbox
            checked
            onChange={() => onToggle(image.id)}
            inputProps={{ 'aria-label': translate('resources.badge-images.actions.unselect', { name: image.name }) }}
            sx={{ position: 'absolute', top: 0, left: 0 }}
          />
          <Button
            size="small"
            variant="contained"
            startIcon={<EditIcon />}
            onClick={() => onEdit(image.id)}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            {translate('ra.action.edit')}
          </Button>
        </>
      ) : null}
    </Card>
  );
}
