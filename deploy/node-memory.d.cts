/** Types of deploy/node-memory.cjs (the memory settings of every `next start`, docs/operations.md "Memory"). */
export declare const NODE_MEMORY_ENV: string;
export declare function parseEnvFile(text: string): Record<string, string>;
export declare function nodeMemoryEnv(): Record<string, string>;
