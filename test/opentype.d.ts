/** opentype.js ships no types; the part lib/share-card/layout.test.ts compares the card metrics with. */
declare module 'opentype.js' {
  interface Font {
    unitsPerEm: number;
    getAdvanceWidth(text: string, fontSize: number, options?: { kerning?: boolean }): number;
  }
  export function parse(buffer: ArrayBuffer): Font;
}
