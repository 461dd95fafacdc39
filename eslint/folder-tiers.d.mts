/** Types of folder-tiers.mjs, for the tests that read its table (test/architecture-doc.test.ts). */
export declare const COMPONENT_TIERS: string[][];
export declare const LIB_TIERS: string[][];
export declare function folderOf(rel: string, scope: string): string | null;
export declare const folderTiersRule: unknown;
