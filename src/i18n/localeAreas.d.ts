/** A part of a locale file (see messageAreas.ts and vite.config.ts). */
declare module '*.json?area=signIn' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?area=signedIn' {
  const messages: Record<string, unknown>;
  export default messages;
}
