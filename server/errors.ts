/** A known failure: its status and stable code reach the client as { code, message, ...details }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const forbidden = (message: string) => new AppError(403, 'UNAUTHORIZED_OPERATION', message);
