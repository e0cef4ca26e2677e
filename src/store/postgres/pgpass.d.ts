// The `pgpass` package ships no types: its one export, as documented in its README.
declare module 'pgpass' {
  interface PgpassConnInfo {
    host?: string;
    port?: number;
    database?: string;
    user?: string;
  }
  function pgpass(connInfo: PgpassConnInfo, cb: (password: string | undefined) => void): void;
  export default pgpass;
}
