/** Types for s3rver 3 (it ships none): the options and methods we use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    /** Its file store; every object write goes through putObject (a PUT, and a multipart upload's completion). */
    store: import('../dataFolder/uploadJournal').S3rverObjectStore;
    /** Set once run() has started listening. */
    httpServer?: import('node:http').Server;
    run(): Promise<import('node:net').AddressInfo>;
    /** The request listener run() installs (s3rver is a Koa application). */
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    close(): Promise<void>;
  }
  export = S3rver;
}
