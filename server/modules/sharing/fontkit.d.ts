declare module 'fontkit' {
  /** A parsed font face; pdfkit embeds it as given and keeps its own subset per document. */
  export type Font = { layout(text: string, features?: unknown): unknown };
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}
