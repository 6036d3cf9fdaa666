/** The part of jsdom the server uses (a window for DOMPurify); the package ships no types of its own. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
