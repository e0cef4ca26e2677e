// The `pgpass` package ships no types: what mnemo uses of it (its helper module, which takes the
// environment as an argument instead of reading process.env).
declare module 'pgpass/lib/helper.js' {
  interface PgpassConnInfo {
    host?: string;
    port?: number;
    database?: string;
    user?: string;
  }
  export function getFileName(env?: Readonly<Record<string, string | undefined>>): string;
  export function usePgPass(stat: import('node:fs').Stats, file: string): boolean;
  export function getPassword(connInfo: PgpassConnInfo, stream: NodeJS.ReadableStream, cb: (password: string | undefined) => void): void;
}
