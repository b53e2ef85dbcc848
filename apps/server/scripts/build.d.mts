// Types of what TypeScript imports from build.mjs (the browser tests' setup starts the server
// as production does).
export declare const SERVER_MAIN: string;
export declare const SERVER_NODE_FLAGS: readonly string[];
