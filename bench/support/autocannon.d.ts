// autocannon ships no types; the benchmarks use a small, typed slice of its options and result.
declare module 'autocannon' {
  interface Request { method?: string; path?: string; headers?: Record<string, string>; body?: string; // eslint-disable-next-line @typescript-eslint/no-explicit-any
    setupRequest?: (request: any) => object }
  interface Options { url: string; connections?: number; duration?: number; amount?: number; method?: string; headers?: Record<string, string>; body?: string; requests?: Request[] }
  interface Histogram { average: number; p50: number; p99: number; total: number }
  interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number; statusCodeStats?: Record<string, { count: number }> }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon { export { Options, Request, Result } }
  export default autocannon;
}
