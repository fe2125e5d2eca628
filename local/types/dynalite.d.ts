/** Types for dynalite 4 (it ships none): the options we use and the http.Server it returns. */
declare module 'dynalite' {
  interface DynaliteOptions {
    /** LevelDB directory; in-memory when omitted. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    ssl?: boolean;
    verbose?: boolean;
    debug?: boolean;
  }
  function dynalite(options?: DynaliteOptions): import('node:http').Server;
  export = dynalite;
}
