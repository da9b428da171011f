export declare const GLIBC_MALLOC_TUNABLES: string;
export declare function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
