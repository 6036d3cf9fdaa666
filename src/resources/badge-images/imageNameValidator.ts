import { imageNameProblem } from '../../../domain/badgeImage/model';

/** The message key of a name problem, shared by the form's validator and the server's answer. */
export const imageNameMessage = (problem: string) => `resources.badge-images.errors.name_${problem}`;

/**
 * react-admin validator of an image's name, on the domain's rule (blank once trimmed, longer than 200 characters);
 * react-admin translates the key it returns under the field.
 */
export function validateImageName(value: unknown): string | undefined {
  const problem = imageNameProblem(typeof value === 'string' ? value : '');
  return problem ? imageNameMessage(problem) : undefined;
}

/**
 * The field errors of a refused save: the server answers a bad name with 400 BADGE_IMAGE_NAME_INVALID and its
 * `problem`; anything else is not a field's error (null).
 */
export function serverFieldErrors(error: unknown): { name: string } | null {
  const body = (error as { status?: number; body?: { code?: unknown; problem?: unknown } } | null)?.body;
  if (body?.code !== 'BADGE_IMAGE_NAME_INVALID') return null;
  return { name: imageNameMessage(body.problem === 'too_long' ? 'too_long' : 'empty') };
}
