import { AppError } from '../../errors';

/** A publication refused for its content: the answer carries `error`, which the publication page shows. */
export const publicationError = (message: string, details: Record<string, unknown> = {}) =>
  new AppError(400, 'ERR_PUBLICATION_ERROR', message, { error: message, ...details });
