export declare const SERVER_ENTRIES: Record<string, string>;
export declare function buildServer(): Promise<void>;
export declare function bundleServer(out: string, entries: Record<string, string>): Promise<void>;
