/** A thumbnail stored as a 46-character alphanumeric value is a content id on the distributed web (spec 001). */
export const isContentId = (value: string | null): value is string => value !== null && /^[A-Za-z0-9]{46}$/.test(value);

/** The public template page, as the server serves it. */
export const publicTemplatePath = (issuerId: number, templateId: number) => `/template/${issuerId}&${templateId}`;

/** `?preview=` with the templates list's token: staff see a template's page and thumbnail before they are public. */
const previewQuery = (previewToken: string | undefined) =>
  previewToken ? `?preview=${encodeURIComponent(previewToken)}` : '';

/** The template page as staff open it from a card: with the list's preview token, if it gave one. */
export const templatePagePath = (issuerId: number, templateId: number, previewToken?: string) =>
  `${publicTemplatePath(issuerId, templateId)}${previewQuery(previewToken)}`;

export interface ThumbnailSource {
  src: string;
  /** milliseconds after the card appears before this source is requested */
  delay: number;
}

/** The second gateway starts later so that a fast first answer spares it the request. */
export const SECOND_GATEWAY_DELAY = 100;

/**
 * Where a card's thumbnail comes from: a content id is fetched from two gateways, the second 100 ms later,
 * and whichever loads first is kept; anything else is the image the server draws for the template.
 */
export function thumbnailSources(
  issuerId: number,
  templateId: number,
  thumbnail: string | null,
  previewToken?: string,
): ThumbnailSource[] {
  if (isContentId(thumbnail)) {
    return [
      { src: `https://ipfs.io/ipfs/${thumbnail}`, delay: 0 },
      { src: `https://dweb.link/ipfs/${thumbnail}`, delay: SECOND_GATEWAY_DELAY },
    ];
  }
  return [{ src: `${publicTemplatePath(issuerId, templateId)}/thumbnail.svg${previewQuery(previewToken)}`, delay: 0 }];
}

/** The race between the sources: which were requested, which failed, and the first one that loaded. */
export interface ThumbnailRace {
  started: string[];
  failed: string[];
  winner: string | null;
}

export type ThumbnailEvent = { kind: 'start' | 'load' | 'error'; src: string };

export const startRace = (sources: readonly ThumbnailSource[]): ThumbnailRace => ({
  started: sources.filter((s) => s.delay === 0).map((s) => s.src),
  failed: [],
  winner: null,
});

export function raceThumbnail(race: ThumbnailRace, event: ThumbnailEvent): ThumbnailRace {
  if (race.winner !== null) return race;
  switch (event.kind) {
    case 'start':
      return race.started.includes(event.src) ? race : { ...race, started: [...race.started, event.src] };
    case 'load':
      return { ...race, winner: event.src };
    case 'error':
      return race.failed.includes(event.src) ? race : { ...race, failed: [...race.failed, event.src] };
  }
}

/** Every source failed: the card shows its placeholder. */
export const raceLost = (race: ThumbnailRace, sources: readonly ThumbnailSource[]) =>
  race.winner === null && sources.every((s) => race.failed.includes(s.src));
