/**
 * The top-level keys of locales/*.json that the sign-in screens use (login, second factor, sign-in link, SSO
 * return). Only these load before sign-in, with react-admin's own messages; the others load with the signed-in
 * layout (issue 16). vite.config.ts splits each locale file by this list at build time.
 */
export const SIGN_IN_MESSAGE_AREAS: readonly string[] = ['app', 'login', 'totp', 'language'];

/** The part of a locale file an area query asks for: `en.json?area=signIn` or `en.json?area=signedIn`. */
export function messagesOfArea(
  messages: Record<string, unknown>,
  area: 'signIn' | 'signedIn',
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => SIGN_IN_MESSAGE_AREAS.includes(key) === (area === 'signIn')),
  );
}
